// Per-test-file databases: each call copies the migrated template into a fresh database, so no
// test depends on another's leftovers. Needs the global setup in global-setup.ts.
import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { inject } from "vitest";
import { type DbHandle, type DbOptions, createDb } from "../client";
import { eq } from "drizzle-orm";
import { sessions, users } from "../schema";
import { urlWithDatabase } from "./shared";

export type { TestDatabaseContext } from "./shared";

export interface TestDatabase extends DbHandle {
  url: string;
}

/** Creates a freshly migrated database for one test file; `close()` ends its pool. */
export async function createTestDatabase(options: DbOptions = {}): Promise<TestDatabase> {
  const { adminUrl, templateName } = inject("koloTestDb");
  const name = `kolo_t_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.unsafe(`create database ${name} template ${templateName}`);
        break;
      } catch (error) {
        // Two files copying the template at the same instant: wait and retry.
        if (attempt >= 20 || !String(error).includes("being accessed by other users")) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
      }
    }
  } finally {
    await admin.end();
  }
  const url = urlWithDatabase(adminUrl, name);
  return { url, ...createDb(url, options) };
}

/** What ledgerInvariants answers for a consistent ledger. */
export const LEDGER_CONSISTENT = { unbalanced: 0, drift: 0, balanceAfterDrift: 0, negativeWallets: 0, total: 0n, holdsAccountMinusHeld: 0n } as const;

/**
 * The ledger's invariants, for tests of any movement (docs/adding-a-movement.md): journal entries
 * that do not sum to zero, accounts whose balance differs from the sum of their postings, postings
 * whose balance_after is not their account's running sum (in id order), wallets
 * below zero, the sum of all accounts (kobo, must be 0), and the `holds` account minus the open
 * holds (kobo, must be 0). A consistent ledger answers LEDGER_CONSISTENT.
 */
export async function ledgerInvariants(client: postgres.Sql) {
  const [unbalanced] = await client`select count(*)::int as n from (select journal_entry_id from postings group by journal_entry_id having sum(amount) <> 0) x`;
  const [drift] =
    await client`select count(*)::int as n from (select a.id from ledger_accounts a left join postings p on p.account_id = a.id group by a.id having a.balance <> coalesce(sum(p.amount), 0)) x`;
  const [afterDrift] = await client`
    select count(*)::int as n from (select balance_after, sum(amount) over (partition by account_id order by id) as running from postings) x
    where balance_after <> running`;
  const [negative] = await client`select count(*)::int as n from ledger_accounts where kind <> 'system' and balance < 0`;
  const [total] = await client`select coalesce(sum(balance), 0)::text as total from ledger_accounts`;
  const [held] = await client`
    select coalesce((select balance from ledger_accounts where code = 'holds'), 0) - coalesce((select sum(amount + fee) from holds where status = 'held'), 0) as diff`;
  return {
    unbalanced: unbalanced!.n as number,
    drift: drift!.n as number,
    balanceAfterDrift: afterDrift!.n as number,
    negativeWallets: negative!.n as number,
    total: BigInt(total!.total as string),
    holdsAccountMinusHeld: BigInt(held!.diff as string),
  };
}

/** The development TOTP secret `JBSWY3DPEHPK3PXP` (base32) as bytes: what the demo admins and test admins are enrolled with. */
export const DEV_TOTP_SECRET = Buffer.from("48656c6c6f21deadbeef", "hex");

/**
 * Makes `userId` an admin enrolled in the second factor with the development secret, whose
 * existing sessions count as having given it (tests only: the second factor's own tests sign in
 * through POST /api/auth/mfa). Every test that needs an admin goes through this one function.
 */
export async function promoteToAdmin(db: DbHandle["db"], userId: number): Promise<void> {
  await db.update(users).set({ role: "admin", totpSecret: DEV_TOTP_SECRET }).where(eq(users.id, userId));
  await db.update(sessions).set({ mfaVerified: true }).where(eq(sessions.userId, userId));
}

export { lateBound, useTestDatabase } from "./per-file";
