// Fraud claims (docs/product.md "Fraud claims"): the rows beside their support tickets. Who may
// read or act on a claim is decided in packages/api/src/money/claims.ts, not here.
import { and, desc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { type FraudClaim, fraudClaims, supportTickets, transactions, users } from "../schema";

/** A claim with its transaction's reference and type, its ticket's status and the claimant's name and e-mail. */
export type ClaimWithContext = FraudClaim & {
  reference: string;
  transactionType: string;
  transactionCreatedAt: Date;
  ticketStatus: string;
  userName: string;
  userEmail: string;
};

const claimColumns = {
  id: fraudClaims.id,
  ticketId: fraudClaims.ticketId,
  userId: fraudClaims.userId,
  transactionId: fraudClaims.transactionId,
  recipientId: fraudClaims.recipientId,
  recipientWallet: fraudClaims.recipientWallet,
  reason: fraudClaims.reason,
  details: fraudClaims.details,
  amount: fraudClaims.amount,
  status: fraudClaims.status,
  lienAmount: fraudClaims.lienAmount,
  answerBy: fraudClaims.answerBy,
  decisionBy: fraudClaims.decisionBy,
  createdAt: fraudClaims.createdAt,
  updatedAt: fraudClaims.updatedAt,
  reference: transactions.reference,
  transactionType: sql<string>`${transactions.type}::text`,
  transactionCreatedAt: transactions.createdAt,
  ticketStatus: sql<string>`${supportTickets.status}::text`,
  userName: users.name,
  userEmail: users.email,
};

const withContext = (db: DbOrTx) =>
  db
    .select(claimColumns)
    .from(fraudClaims)
    .innerJoin(transactions, eq(transactions.id, fraudClaims.transactionId))
    .innerJoin(supportTickets, eq(supportTickets.id, fraudClaims.ticketId))
    .innerJoin(users, eq(users.id, fraudClaims.userId));

/** Stores a claim; undefined when the transaction already has one (its unique key). */
export async function insertClaimOnce(
  tx: DbOrTx,
  values: Pick<
    FraudClaim,
    "ticketId" | "userId" | "transactionId" | "recipientId" | "recipientWallet" | "reason" | "details" | "amount" | "answerBy" | "decisionBy" | "createdAt"
  >,
): Promise<FraudClaim | undefined> {
  const [row] = await tx
    .insert(fraudClaims)
    .values({ ...values, updatedAt: values.createdAt })
    .onConflictDoNothing({ target: fraudClaims.transactionId })
    .returning();
  return row;
}

/** The claim on a transaction, if any. */
export async function findClaimByTransaction(db: DbOrTx, transactionId: number): Promise<FraudClaim | undefined> {
  const [row] = await db.select().from(fraudClaims).where(eq(fraudClaims.transactionId, transactionId)).limit(1);
  return row;
}

/** The claim with its context, or undefined. */
export async function findClaim(db: DbOrTx, id: number): Promise<ClaimWithContext | undefined> {
  const [row] = await withContext(db).where(eq(fraudClaims.id, id)).limit(1);
  return row;
}

/** Locks the claim's row for the rest of the transaction (a lien, refund or release); undefined when absent. */
export async function lockClaim(tx: DbOrTx, id: number): Promise<FraudClaim | undefined> {
  const [row] = await tx.select().from(fraudClaims).where(eq(fraudClaims.id, id)).for("update").limit(1);
  return row;
}

/** The user's own claims, newest first. */
export function listUserClaims(db: DbOrTx, userId: number): Promise<ClaimWithContext[]> {
  return withContext(db).where(eq(fraudClaims.userId, userId)).orderBy(desc(fraudClaims.createdAt), desc(fraudClaims.id));
}

/** Every claim, newest first (at most `limit`). */
export function listAllClaims(db: DbOrTx, limit = 200): Promise<ClaimWithContext[]> {
  return withContext(db).orderBy(desc(fraudClaims.createdAt), desc(fraudClaims.id)).limit(limit);
}

/** Moves a claim to `status` with `lienAmount` (kobo), at `now`. Run it under lockClaim. */
export async function updateClaim(tx: DbOrTx, id: number, values: { status: FraudClaim["status"]; lienAmount?: bigint }, now: Date): Promise<FraudClaim> {
  const [row] = await tx
    .update(fraudClaims)
    .set({ ...values, updatedAt: now })
    .where(eq(fraudClaims.id, id))
    .returning();
  return row!;
}

/**
 * Kobo held by liens still in force (status lien) on the user's own wallet (`wallet` 'user', the
 * balance card's 'Held: under investigation') or on their merchant's wallet ('merchant', the
 * merchant dashboard's).
 */
export async function heldByLiensKobo(db: DbOrTx, recipientId: number, wallet: FraudClaim["recipientWallet"] = "user"): Promise<bigint> {
  const [row] = await db
    .select({ held: sql<string>`coalesce(sum(${fraudClaims.lienAmount}), 0)::text` })
    .from(fraudClaims)
    .where(and(eq(fraudClaims.recipientId, recipientId), eq(fraudClaims.status, "lien"), eq(fraudClaims.recipientWallet, wallet)));
  return BigInt(row?.held ?? "0");
}
