import { type DbOrTx, type schema, getWalletBalanceKobo } from "@kolo/db";

/** The user as every answer carries it (docs/product.md): never the password hash. `balance` in kobo (naira on the wire: the output schema). */
export interface PublicUser {
  id: number;
  name: string;
  email: string;
  username: string;
  phone: string | null;
  role: schema.User["role"];
  status: schema.User["status"];
  balance: bigint;
  verificationLevel: number;
  merchantId: number | null;
  /** The account is frozen: no money out (docs/product.md "Fraud controls"). */
  frozen: boolean;
  createdAt: Date;
}

/** Maps a user row to its public shape; the balance is the wallet's ledger balance. */
export async function toPublicUser(db: DbOrTx, user: schema.User): Promise<PublicUser> {
  const balanceKobo = await getWalletBalanceKobo(db, user.id);
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    username: user.email,
    phone: user.phone,
    role: user.role,
    status: user.status,
    balance: balanceKobo,
    verificationLevel: user.verificationLevel,
    merchantId: user.merchantId,
    frozen: user.frozenAt !== null,
    createdAt: user.createdAt,
  };
}
