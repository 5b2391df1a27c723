// Each user's own account number for bank transfers in (Paystack dedicated virtual accounts;
// docs/product.md#wallet-and-top-ups "Your account number", docs/providers.md "Dedicated
// accounts"). A user who reaches verification level 1 is owed one: a 'pending' row is written and
// a background job (jobs/worker.ts, queue kolo-dedicated-account) asks the provider for a customer
// and then an account, retrying with backoff; the number is shown once the row is 'active'.
import {
  type Database,
  type schema,
  activateDedicatedAccount,
  findDedicatedAccount,
  findUserById,
  getUserVerification,
  recordDedicatedAccountFailure,
  requestDedicatedAccount,
  saveDedicatedAccountCustomer,
} from "@kolo/db";
import type { Services } from "../services";

/** GET /api/wallet/account-number (docs/rest-api.md): the user's account number, or why there is none yet. */
export interface AccountNumberView {
  bankName: string | null;
  accountNumber: string | null;
  accountName: string | null;
  /** active: the number takes transfers; pending: being assigned; unavailable: below level 1, or assignment failed. */
  status: "active" | "pending" | "unavailable";
}

/** After a failed assignment, how long before viewing the number asks the provider again (ms). */
export const DEDICATED_ACCOUNT_RETRY_AFTER_MS = 10 * 60_000;
/** A 'pending' row untouched this long has lost its job (a crash before it was sent): viewing sends it again (ms). */
const PENDING_RESEND_AFTER_MS = 60_000;

const none = (status: AccountNumberView["status"]): AccountNumberView => ({ bankName: null, accountNumber: null, accountName: null, status });

/**
 * Writes the 'pending' row (or moves a 'failed' one back to 'pending') and sends the assignment
 * job. A job that cannot be sent is logged, not thrown: the row stays 'pending' and the next view
 * of the number sends it again. Called when the BVN is verified (identity/verification.ts).
 */
export async function requestAccountNumber(db: Database, services: Services, userId: number): Promise<schema.DedicatedAccountRow> {
  const row = await requestDedicatedAccount(db, userId);
  if (row.status === "pending") {
    try {
      await services.jobs.assignDedicatedAccount(userId);
    } catch (error) {
      services.log.warn({ userId, err: error instanceof Error ? error.message : String(error) }, "Dedicated account job could not be sent");
    }
  }
  return row;
}

/**
 * The account-number view of `user`: below level 1 'unavailable' with nulls; the active number
 * with its bank and name; 'pending' while the job works (a level-1 user with no row gets one now:
 * users verified before account numbers existed); 'unavailable' once the job gave up, asked again
 * after DEDICATED_ACCOUNT_RETRY_AFTER_MS.
 */
export async function accountNumberView(db: Database, services: Services, user: schema.User): Promise<AccountNumberView> {
  if (user.verificationLevel < 1) return none("unavailable");
  const now = services.now?.() ?? new Date();
  let row = await findDedicatedAccount(db, user.id);
  if (row?.status === "active" && row.accountNumber && row.accountName && row.bankName) {
    return { bankName: row.bankName, accountNumber: row.accountNumber, accountName: row.accountName, status: "active" };
  }
  const age = row ? now.getTime() - row.updatedAt.getTime() : Number.POSITIVE_INFINITY;
  if (!row || (row.status === "failed" && age >= DEDICATED_ACCOUNT_RETRY_AFTER_MS) || (row.status === "pending" && age >= PENDING_RESEND_AFTER_MS)) {
    row = await requestAccountNumber(db, services, user.id);
  }
  return none(row.status === "failed" ? "unavailable" : "pending");
}

/**
 * The assignment job's step for `userId`: `POST /customer` (once; the code is kept so a retry
 * reuses it) with the BVN's name when known, else the profile name, then `POST
 * /dedicated_account`; the row becomes 'active'. Does nothing for an active row, a missing user
 * or a user below level 1. A provider error is recorded on the row and thrown so the job retries;
 * with `final` (the job's last try) the row becomes 'failed'.
 */
export async function assignDedicatedAccount(db: Database, services: Services, userId: number, options: { final: boolean }): Promise<"assigned" | "skipped"> {
  const user = await findUserById(db, userId);
  const row = await findDedicatedAccount(db, userId);
  if (!user || user.verificationLevel < 1 || !row || row.status === "active") return "skipped";
  try {
    let customerCode = row.customerCode;
    if (!customerCode) {
      const [firstName = user.name, ...rest] = ((await getUserVerification(db, userId)).bvnName ?? user.name).trim().split(/\s+/);
      ({ customerCode } = await services.banking.createCustomer({ email: user.email, firstName, lastName: rest.join(" ") || firstName, phone: user.phone }));
      await saveDedicatedAccountCustomer(db, userId, customerCode);
    }
    const account = await services.banking.createDedicatedAccount(customerCode);
    await activateDedicatedAccount(db, userId, account);
    return "assigned";
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await recordDedicatedAccountFailure(db, userId, message, options.final);
    services.log.warn({ userId, final: options.final, err: message }, "Dedicated account assignment failed");
    throw error;
  }
}
