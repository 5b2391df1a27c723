// The admin console through the tRPC caller with a real database (docs/product.md#admin-console):
// wallet credits and debits against concurrent P2P transfers, transaction moves on every hold
// type, user status, settings, the audit trail, search and pagination at 10,000 users.
import { ensureUserWallet, holdFunds, insertTransaction, schema } from "@kolo/db";
import { LEDGER_CONSISTENT, ledgerInvariants, useTestDatabase } from "@kolo/db/testing";
import { DomainError, SYSTEM_ACCOUNTS, lagosDate } from "@kolo/domain";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { transferP2P } from "../src/money/p2p";
import type { PaymentGateway, VerifiedCharge } from "@kolo/providers";
import { callerWith, expectTRPCError, fundUser, registerUser, testServices } from "./helpers";

const { t } = useTestDatabase({ max: 20 });

async function newAdmin() {
  const { user, jar } = await registerUser(t.db, { role: "admin", name: "Ada Admin" });
  return { admin: user, caller: (await callerWith(t.db, jar)).caller, jar };
}

const walletKobo = async (userId: number) => {
  const [row] = await t.client`select balance::text as b from ledger_accounts where kind = 'user_wallet' and user_id = ${userId}`;
  return BigInt((row?.b as string | undefined) ?? "0");
};
const systemKobo = async (code: string) => {
  const [row] = await t.client`select balance::text as b from ledger_accounts where code = ${code}`;
  return BigInt(row!.b as string);
};
const auditRows = (subject: string) => t.client`select * from admin_audit where subject = ${subject} order by id`;

describe("admin wallet credit and debit", () => {
  it("credits and debits against `adjustments` with an audit record; default descriptions", async () => {
    const { admin, caller } = await newAdmin();
    const { user, jar } = await registerUser(t.db, { name: "Bola Credit" });
    const adjustmentsBefore = await systemKobo(SYSTEM_ACCOUNTS.adjustments);

    const credited = await caller.admin.users.wallet({ userId: user.id, amount: 1000, type: "credit", description: "" });
    if (credited.pending) throw new Error("a credit below the threshold does not wait");
    expect(credited).toMatchObject({ message: "Wallet updated successfully", balance: 1000 });
    expect(credited.transaction).toMatchObject({
      type: "other",
      amount: 1000,
      status: "completed",
      description: "Admin credit operation",
      recipientId: user.id,
    });
    const debited = await caller.admin.users.wallet({ userId: user.id, amount: 250.5, type: "debit" });
    if (debited.pending) throw new Error("a debit below the threshold does not wait");
    expect(debited.balance).toBe(749.5);
    expect(debited.transaction).toMatchObject({ description: "Admin debit operation", senderId: user.id });

    expect(await walletKobo(user.id)).toBe(74_950n);
    expect(await systemKobo(SYSTEM_ACCOUNTS.adjustments)).toBe(adjustmentsBefore - 74_950n);
    const audits = await auditRows(`user:${user.id}`);
    // Stored in kobo under `…Kobo` keys (GET /api/admin/audit answers them in naira).
    expect(audits.map((a) => [a.action, a.admin_id, a.user_id, a.before, (a.after as { balanceKobo: number }).balanceKobo])).toEqual([
      ["wallet_credit", admin.id, user.id, { balanceKobo: 0 }, 100_000],
      ["wallet_debit", admin.id, user.id, { balanceKobo: 100_000 }, 74_950],
    ]);
    // The user's own history shows both, and the balance is the ledger's.
    const { caller: own } = await callerWith(t.db, jar);
    expect((await own.transactions.list()).map((tx) => [tx.type, tx.amount, tx.description])).toEqual([
      ["other", 250.5, "Admin debit operation"],
      ["other", 1000, "Admin credit operation"],
    ]);
    expect((await own.auth.me()).balance).toBe(749.5);
    expect(await ledgerInvariants(t.client)).toEqual(LEDGER_CONSISTENT);
  });

  it("a debit never takes a wallet below zero: refused, nothing written", async () => {
    const { caller } = await newAdmin();
    const { user } = await registerUser(t.db);
    await caller.admin.users.wallet({ userId: user.id, amount: 100, type: "credit" });
    await expectTRPCError(caller.admin.users.wallet({ userId: user.id, amount: 100.01, type: "debit" }), "BAD_REQUEST", "Insufficient Balance");
    expect(await walletKobo(user.id)).toBe(10_000n);
    expect(await auditRows(`user:${user.id}`)).toHaveLength(1);
    const [records] =
      await t.client`select count(*)::int as n from transactions where type = 'other' and (sender_id = ${user.id} or recipient_id = ${user.id})`;
    expect(records!.n).toBe(1);
    await expectTRPCError(caller.admin.users.wallet({ userId: user.id, amount: 0, type: "credit" }), "BAD_REQUEST", "Amount must be greater than zero");
    await expectTRPCError(caller.admin.users.wallet({ userId: 999_999, amount: 5, type: "credit" }), "NOT_FOUND", "User not found");
  });

  it("a repeated idempotency key moves the money once", async () => {
    const { caller } = await newAdmin();
    const { user } = await registerUser(t.db);
    const calls = await Promise.all(
      Array.from({ length: 4 }, () => caller.admin.users.wallet({ userId: user.id, amount: 50, type: "credit", idempotencyKey: "double-click-1" })),
    );
    expect(new Set(calls.map((c) => (c.pending ? null : c.transaction.id))).size).toBe(1);
    expect(await walletKobo(user.id)).toBe(5_000n);
    await expectTRPCError(caller.admin.users.wallet({ userId: user.id, amount: 60, type: "credit", idempotencyKey: "double-click-1" }), "CONFLICT");
  });

  it("under concurrency with user P2P transfers every kobo is accounted for and every change is audited", async () => {
    const { caller } = await newAdmin();
    const users: schema.User[] = [];
    for (let i = 0; i < 8; i++) {
      const { user } = await registerUser(t.db, { name: `Busy User ${i}` });
      await t.db.update(schema.users).set({ verificationLevel: 2 }).where(eq(schema.users.id, user.id));
      await fundUser(t.db, user.id, 500_000n);
      const [row] = await t.db.select().from(schema.users).where(eq(schema.users.id, user.id));
      users.push(row!);
    }
    const ids = users.map((u) => u.id);
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const pick = () => users[Math.floor(random() * users.length)]!;
    const ops: Promise<{ kind: "p2p" | "credit" | "debit"; kobo: bigint }>[] = [];
    for (let i = 0; i < 240; i++) {
      const from = pick();
      let to = pick();
      if (to.id === from.id) to = users[(users.indexOf(from) + 1) % users.length]!;
      const kobo = BigInt(100 + Math.floor(random() * 300_000));
      const roll = random();
      if (roll < 0.5) ops.push(transferP2P(t.db, { sender: from, recipientEmail: to.email, amountKobo: kobo }).then(() => ({ kind: "p2p" as const, kobo })));
      else {
        const type = roll < 0.75 ? ("credit" as const) : ("debit" as const);
        ops.push(caller.admin.users.wallet({ userId: from.id, amount: Number(kobo) / 100, type }).then(() => ({ kind: type, kobo })));
      }
    }
    const outcomes = await Promise.allSettled(ops);
    const failures = outcomes.filter((o): o is PromiseRejectedResult => o.status === "rejected").map((o) => o.reason as { cause?: unknown });
    expect(failures.filter((e) => !(e instanceof DomainError) && !((e.cause ?? null) instanceof DomainError)).map(String)).toEqual([]);
    const done = outcomes.filter((o) => o.status === "fulfilled").map((o) => o.value);
    const credits = done.filter((d) => d.kind === "credit");
    const debits = done.filter((d) => d.kind === "debit");
    expect(credits.length).toBeGreaterThan(30);
    expect(debits.length).toBeGreaterThan(10);
    const net = credits.reduce((s, d) => s + d.kobo, 0n) - debits.reduce((s, d) => s + d.kobo, 0n);
    const [total] = await t.client`select sum(balance)::text as s from ledger_accounts where kind = 'user_wallet' and user_id = any(${ids})`;
    expect(BigInt(total!.s as string)).toBe(8n * 500_000n + net);
    const [audited] = await t.client`select count(*)::int as n from admin_audit where user_id = any(${ids}) and action in ('wallet_credit', 'wallet_debit')`;
    expect(audited!.n).toBe(credits.length + debits.length);
    expect(await ledgerInvariants(t.client)).toEqual(LEDGER_CONSISTENT);
  });
});

describe("admin transaction moves (docs/decisions.md)", () => {
  /** A pending record of `type` with its hold, made with the ledger kit as a payout or purchase does. */
  async function heldRecord(userId: number, type: "transfer" | "airtime" | "data", amountKobo: bigint, feeKobo = 0n) {
    const reference = `TEST-HOLD-${type}-${Math.random().toString(36).slice(2, 10)}`;
    return t.db.transaction(async (tx) => {
      const record = await insertTransaction(
        tx,
        type === "transfer"
          ? {
              type,
              amount: amountKobo,
              fee: feeKobo,
              status: "processing",
              reference,
              description: "Withdrawal to Test Bank",
              senderId: userId,
              metadata: { channel: "withdrawal", bankName: "Test Bank", accountNumber: "0123456789", accountName: "Test Person", feeKobo: Number(feeKobo) },
            }
          : {
              type,
              amount: amountKobo,
              status: "pending",
              reference,
              description: `${type} purchase`,
              senderId: userId,
              metadata: { phoneNumber: "08031234567", network: "MTN", requestId: reference },
            },
      );
      await holdFunds(tx, {
        reference,
        walletAccountId: await ensureUserWallet(tx, userId),
        userId,
        verificationLevel: 2,
        amountKobo,
        feeKobo,
        day: lagosDate(new Date()),
        transactionId: record.id,
        kind: `${type}-hold`,
        description: `Hold for ${reference}`,
      });
      return record;
    });
  }

  for (const type of ["transfer", "airtime", "data"] as const) {
    it(`${type}: Complete settles the hold, Fail returns amount and fee; a final record cannot move again`, async () => {
      const { caller } = await newAdmin();
      const { user } = await registerUser(t.db);
      await fundUser(t.db, user.id, 1_000_000n);
      const destination = type === "transfer" ? SYSTEM_ACCOUNTS.payoutsInTransit : SYSTEM_ACCOUNTS.vtpassClearing;
      const fee = type === "transfer" ? 5_000n : 0n;

      const toComplete = await heldRecord(user.id, type, 200_000n, fee);
      const toFail = await heldRecord(user.id, type, 100_000n, fee);
      expect(await walletKobo(user.id)).toBe(1_000_000n - 300_000n - 2n * fee);
      const destinationBefore = await systemKobo(destination);

      // These services' providers cannot be reached: a plain move is refused with 409 and moves
      // nothing; a forced one, with its written reason, goes through the same outcome functions.
      await expectTRPCError(
        caller.admin.transactions.updateStatus({ id: toComplete.id, status: "completed" }),
        "CONFLICT",
        "Provider could not be reached: try again later or force it with a reason",
      );
      expect(await systemKobo(destination)).toBe(destinationBefore);
      const reason = "Confirmed on the provider's dashboard";
      const completed = await caller.admin.transactions.updateStatus({ id: toComplete.id, status: "completed", force: true, reason });
      expect(completed).toMatchObject({ message: "Transaction status has been updated successfully.", transaction: { status: "completed" } });
      expect(await systemKobo(destination)).toBe(destinationBefore + 200_000n);
      await caller.admin.transactions.updateStatus({ id: toFail.id, status: "failed", force: true, reason });
      expect(await walletKobo(user.id)).toBe(1_000_000n - 200_000n - fee);

      const [holds] = await t.client`select string_agg(status::text, ',' order by id) as s from holds where user_id = ${user.id}`;
      expect(holds!.s).toBe("settled,released");
      await expectTRPCError(
        caller.admin.transactions.updateStatus({ id: toComplete.id, status: "failed" }),
        "BAD_REQUEST",
        "Only pending or processing transactions can be completed or failed",
      );
      const audits =
        await t.client`select before, after from admin_audit where subject in (${`transaction:${toComplete.id}`}, ${`transaction:${toFail.id}`}) order by id`;
      expect(audits.map((a) => [(a.before as { status: string }).status, (a.after as { status: string }).status])).toEqual([
        ["processing" === toComplete.status ? "processing" : "pending", "completed"],
        [toFail.status, "failed"],
      ]);
      expect(await ledgerInvariants(t.client)).toEqual(LEDGER_CONSISTENT);
    });
  }

  it("a record with no hold, an unknown id and a status other than completed/failed are refused", async () => {
    const { caller } = await newAdmin();
    const { user } = await registerUser(t.db);
    const orphan = await insertTransaction(t.db, {
      type: "airtime",
      amount: 1000n,
      status: "pending",
      reference: `TEST-ORPHAN-${Date.now()}`,
      description: "no hold",
      senderId: user.id,
      metadata: { phoneNumber: "08031234567", network: "MTN", requestId: "x" },
    });
    await expectTRPCError(
      caller.admin.transactions.updateStatus({ id: orphan.id, status: "completed" }),
      "BAD_REQUEST",
      "This transaction has no held funds to settle or release",
    );
    await expectTRPCError(caller.admin.transactions.updateStatus({ id: 9_999_999, status: "completed" }), "NOT_FOUND");
    await expectTRPCError(caller.admin.transactions.updateStatus({ id: orphan.id, status: "reversed" as never }), "BAD_REQUEST");
    const [row] = await t.client`select status from transactions where id = ${orphan.id}`;
    expect(row!.status).toBe("pending");
  });

  it("a top-up completes only when the gateway confirms it; Fail is refused while the gateway reports it paid", async () => {
    const charges = new Map<string, VerifiedCharge>();
    const gateway: PaymentGateway = {
      initializeCharge: () => Promise.reject(new Error("unused")),
      verifyCharge: (reference) => {
        const charge = charges.get(reference);
        return charge ? Promise.resolve(charge) : Promise.reject(new Error("unreachable"));
      },
      verifyWebhookSignature: () => false,
      listCharges: () => Promise.resolve([]),
      refundCharge: () => Promise.reject(new Error("unused")),
    };
    const { jar } = await registerUser(t.db, { role: "admin" });
    const { caller } = await callerWith(t.db, jar, testServices({ paymentGateway: gateway }));
    const { user } = await registerUser(t.db);
    const topUp = async () =>
      insertTransaction(t.db, {
        type: "topup",
        amount: 300_000n,
        status: "pending",
        reference: `TEST-TOP-${Math.random().toString(36).slice(2)}`,
        description: "Wallet top-up",
        recipientId: user.id,
        metadata: { gateway: "paystack" },
      });
    const charge = (reference: string, status: VerifiedCharge["status"]): VerifiedCharge => ({
      reference,
      status,
      amountKobo: 300_000n,
      currency: "NGN",
      feesKobo: null,
      paidAt: null,
      channel: "card",
      gatewayResponse: null,
    });

    const unpaid = await topUp();
    charges.set(unpaid.reference, charge(unpaid.reference, "abandoned"));
    await expectTRPCError(
      caller.admin.transactions.updateStatus({ id: unpaid.id, status: "completed" }),
      "BAD_REQUEST",
      "Payment not confirmed by the gateway",
    );
    const unreachable = await topUp();
    await expectTRPCError(caller.admin.transactions.updateStatus({ id: unreachable.id, status: "completed" }), "SERVICE_UNAVAILABLE");
    expect(await walletKobo(user.id)).toBe(0n);

    const paid = await topUp();
    charges.set(paid.reference, charge(paid.reference, "success"));
    await expectTRPCError(
      caller.admin.transactions.updateStatus({ id: paid.id, status: "failed" }),
      "BAD_REQUEST",
      "The gateway confirmed this payment: complete it instead",
    );
    await caller.admin.transactions.updateStatus({ id: paid.id, status: "completed" });
    expect(await walletKobo(user.id)).toBe(300_000n);

    await caller.admin.transactions.updateStatus({ id: unpaid.id, status: "failed" });
    const [row] = await t.client`select status from transactions where id = ${unpaid.id}`;
    expect(row!.status).toBe("failed");
    expect(await walletKobo(user.id)).toBe(300_000n);
    expect(await ledgerInvariants(t.client)).toEqual(LEDGER_CONSISTENT);
  });

  it("lists every user's transactions with parties, page by page, with the count per tab", async () => {
    const { caller } = await newAdmin();
    const { user } = await registerUser(t.db);
    for (let i = 0; i < 6; i++) await fundUser(t.db, user.id, 10_000n);
    const list = await caller.admin.transactions.list({ page: 1, limit: 5, status: "all" });
    expect(list.transactions).toHaveLength(5);
    expect(list.total).toBe(list.counts.all);
    expect(list.totalPages).toBe(Math.ceil((list.counts.all ?? 0) / 5));
    const completed = await caller.admin.transactions.list({ page: 1, limit: 100, status: "completed" });
    expect(completed.transactions.every((tx) => tx.status === "completed")).toBe(true);
    expect(completed.total).toBe(completed.counts.completed);
    const topUp = completed.transactions.find((tx) => tx.type === "topup")!;
    expect(topUp.senderInfo).toBeNull();
    expect(topUp.recipientInfo).toMatchObject({ email: expect.stringContaining("@") as string });
  });
});

describe("admin user status", () => {
  it("suspend ends every session of the user at once; Activate restores access", async () => {
    const { caller } = await newAdmin();
    const { user, jar, password } = await registerUser(t.db);
    await (await callerWith(t.db, jar)).caller.auth.me();
    const result = await caller.admin.users.status({ userId: user.id, status: "suspended" });
    expect(result).toMatchObject({ message: "User status updated", user: { status: "suspended" } });
    const [sessions] = await t.client`select count(*)::int as n from sessions where user_id = ${user.id}`;
    expect(sessions!.n).toBe(0);
    await expectTRPCError((await callerWith(t.db, jar)).caller.auth.me(), "UNAUTHORIZED");
    const login = (await callerWith(t.db)).caller.auth.login({ email: user.email, password });
    await expectTRPCError(login, "FORBIDDEN", "Account suspended");

    await caller.admin.users.status({ userId: user.id, status: "active" });
    await expect((await callerWith(t.db)).caller.auth.login({ email: user.email, password })).resolves.toMatchObject({ id: user.id });
    const audits = await auditRows(`user:${user.id}`);
    expect(audits.map((a) => [(a.before as { status: string }).status, (a.after as { status: string }).status])).toEqual([
      ["active", "suspended"],
      ["suspended", "active"],
    ]);
  });

  it("Activate unlocks a locked account and resets its failed-login count", async () => {
    const { caller } = await newAdmin();
    const { user, password } = await registerUser(t.db);
    for (let i = 0; i < 5; i++) await expectTRPCError((await callerWith(t.db)).caller.auth.login({ email: user.email, password: "wrong-one" }), "UNAUTHORIZED");
    await expectTRPCError((await callerWith(t.db)).caller.auth.login({ email: user.email, password }), "FORBIDDEN", "Account locked");
    const listed = await caller.admin.users.list({ page: 1, limit: 20, search: user.email });
    expect(listed.users[0]).toMatchObject({ id: user.id, status: "locked" });

    await caller.admin.users.status({ userId: user.id, status: "active" });
    const [row] = await t.client`select status, failed_login_count from users where id = ${user.id}`;
    expect(row).toEqual({ status: "active", failed_login_count: 0 });
    await expect((await callerWith(t.db)).caller.auth.login({ email: user.email, password })).resolves.toMatchObject({ id: user.id });
  });

  it("an admin cannot suspend their own account", async () => {
    const { admin, caller } = await newAdmin();
    await expectTRPCError(caller.admin.users.status({ userId: admin.id, status: "suspended" }), "BAD_REQUEST", "You cannot suspend your own account");
  });
});

describe("admin settings, stats and the audit trail", () => {
  it("settings answer {id, key, value, description}; a toggle is audited and enforced at once", async () => {
    const { admin, caller } = await newAdmin();
    const settings = await caller.admin.settings.list();
    expect(settings.find((s) => s.key === "feature_send_money")).toMatchObject({
      id: expect.any(Number) as number,
      value: true,
      description: expect.any(String) as string,
    });
    await expect(caller.admin.settings.set({ key: "feature_send_money", value: false })).resolves.toMatchObject({ key: "feature_send_money", value: false });
    const { jar } = await registerUser(t.db);
    await expectTRPCError(
      (await callerWith(t.db, jar)).caller.transfers.p2p({ recipientEmail: admin.email, amount: 1 }),
      "FORBIDDEN",
      "Feature disabled by administrator",
    );
    await caller.admin.settings.set({ key: "feature_send_money", value: true });
    const audits = await auditRows("setting:feature_send_money");
    expect(audits.map((a) => [a.admin_id, a.before, a.after])).toEqual([
      [admin.id, { value: true }, { value: false }],
      [admin.id, { value: false }, { value: true }],
    ]);
  });

  it("stats count users per level and today's completed money (Lagos day) in naira; the chart covers 14 days", async () => {
    // 23:30 in Lagos on 10 March: a record at 22:45 UTC on 9 March (23:45 Lagos) is yesterday.
    const now = new Date("2030-03-10T22:30:00Z");
    const { jar } = await registerUser(t.db, { role: "admin" });
    const { caller } = await callerWith(t.db, jar, testServices({ now: () => now }));
    const { user } = await registerUser(t.db);
    const at = (iso: string, kobo: bigint, status: "completed" | "failed") =>
      insertTransaction(t.db, {
        type: "other",
        amount: kobo,
        status,
        reference: `TEST-STAT-${Math.random().toString(36).slice(2)}`,
        description: "stat",
        recipientId: user.id,
        metadata: {},
        createdAt: new Date(iso),
      });
    await at("2030-03-09T23:30:00Z", 150_050n, "completed"); // 00:30 Lagos on the 10th: today
    await at("2030-03-10T10:00:00Z", 100_000n, "completed");
    await at("2030-03-10T10:00:00Z", 999_900n, "failed");
    await at("2030-03-09T22:45:00Z", 777_700n, "completed"); // 23:45 Lagos on the 9th
    const stats = await caller.admin.stats();
    expect(stats.dailyTransactions).toBe(2500.5);
    const [levels] = await t.client`select count(*)::int as total, count(*) filter (where verification_level = 0)::int as l0 from users`;
    expect(stats).toMatchObject({ totalUsers: levels!.total, level0Users: levels!.l0 });
    expect(stats.level0Users + stats.level1Users + stats.level2Users).toBe(stats.totalUsers);

    const volume = await caller.admin.volume();
    expect(volume).toHaveLength(14);
    expect(volume.at(-1)).toEqual({ day: "2030-03-10", amount: 2500.5, count: 2 });
    expect(volume.at(-2)).toEqual({ day: "2030-03-09", amount: 7777, count: 1 });
    expect(volume[0]!.day).toBe("2030-02-25");
  });

  it("a ticket status change by an admin is audited with its before and after", async () => {
    const { admin, caller } = await newAdmin();
    const { user, jar } = await registerUser(t.db);
    const ticket = await (await callerWith(t.db, jar)).caller.supportTickets.create({
      subject: "Card declined",
      message: "My card was declined twice today.",
      priority: "high",
    });
    await caller.supportTickets.setStatus({ id: ticket.id, status: "resolved" });
    const audits = await auditRows(`ticket:${ticket.id}`);
    expect(audits.map((a) => [a.action, a.admin_id, a.user_id, a.before, a.after])).toEqual([
      ["ticket_status", admin.id, user.id, { status: "open" }, { status: "resolved" }],
    ]);
  });

  it("the audit list filters by admin, user and action", async () => {
    const first = await newAdmin();
    const second = await newAdmin();
    const { user } = await registerUser(t.db);
    await first.caller.admin.users.wallet({ userId: user.id, amount: 10, type: "credit" });
    await second.caller.admin.users.wallet({ userId: user.id, amount: 5, type: "debit" });
    await second.caller.admin.users.status({ userId: user.id, status: "suspended" });

    const byUser = await first.caller.admin.audit.list({ page: 1, limit: 50, userId: user.id });
    expect(byUser.entries.map((e) => e.action)).toEqual(["user_status", "wallet_debit", "wallet_credit"]);
    expect(byUser.entries[0]).toMatchObject({ adminId: second.admin.id, adminName: "Ada Admin", userEmail: user.email });
    const bySecond = await first.caller.admin.audit.list({ page: 1, limit: 50, adminId: second.admin.id });
    expect(bySecond.total).toBe(2);
    const debits = await first.caller.admin.audit.list({ page: 1, limit: 50, adminId: second.admin.id, action: "wallet_debit" });
    expect(debits.entries.map((e) => e.userId)).toEqual([user.id]);
    expect(byUser.admins.map((a) => a.id)).toEqual(expect.arrayContaining([first.admin.id, second.admin.id]));
  });
});

describe("admin access", () => {
  it("every admin procedure refuses anonymous callers and non-admins", async () => {
    const { jar } = await registerUser(t.db, { role: "merchant" });
    const { jar: personalJar } = await registerUser(t.db);
    const calls = (caller: Awaited<ReturnType<typeof callerWith>>["caller"]) => [
      caller.admin.stats(),
      caller.admin.volume(),
      caller.admin.users.list({ page: 1, limit: 20, search: "" }),
      caller.admin.users.transactions({ userId: 1 }),
      caller.admin.users.wallet({ userId: 1, amount: 1, type: "credit" }),
      caller.admin.users.status({ userId: 1, status: "suspended" }),
      caller.admin.transactions.list({ page: 1, limit: 20, status: "all" }),
      caller.admin.transactions.updateStatus({ id: 1, status: "completed" }),
      caller.admin.settings.list(),
      caller.admin.settings.set({ key: "feature_topup", value: false }),
      caller.admin.audit.list({ page: 1, limit: 50 }),
    ];
    for (const call of calls((await callerWith(t.db)).caller)) await expectTRPCError(call, "UNAUTHORIZED");
    for (const j of [jar, personalJar]) {
      for (const call of calls((await callerWith(t.db, j)).caller)) await expectTRPCError(call, "FORBIDDEN", "Admin access required");
    }
    const [row] = await t.client`select value from feature_settings where key = 'feature_topup'`;
    expect(row!.value).toBe(true);
  });
});

describe("admin user search and pagination at 10,000 users", () => {
  it("finds by part of the name or e-mail, case-insensitively, and pages newest first", async () => {
    const { caller } = await newAdmin();
    // One statement: 10,000 users named 'Seed Person 00001'… with e-mails seed00001@bulk.test…
    await t.client`
      insert into users (name, email, password_hash, created_at)
      select 'Seed Person ' || lpad(i::text, 5, '0'), 'seed' || lpad(i::text, 5, '0') || '@bulk.test', 'x', timestamptz '2020-01-01' + i * interval '1 minute'
      from generate_series(1, 10000) i`;
    await t.client`analyze users`;

    const started = performance.now();
    const byName = await caller.admin.users.list({ page: 1, limit: 20, search: "pERSON 0423" });
    const elapsed = performance.now() - started;
    expect(byName.totalUsers).toBe(10); // 04230..04239
    expect(byName.users.map((u) => u.name)).toEqual(Array.from({ length: 10 }, (_, i) => `Seed Person 0423${9 - i}`));
    expect(byName.totalPages).toBe(1);

    const byEmail = await caller.admin.users.list({ page: 1, limit: 20, search: "SEED0999" });
    expect(byEmail.users.map((u) => u.email)).toEqual(Array.from({ length: 10 }, (_, i) => `seed0999${9 - i}@bulk.test`));
    expect((await caller.admin.users.list({ page: 1, limit: 20, search: "seed00042@" })).users.map((u) => u.name)).toEqual(["Seed Person 00042"]);
    // LIKE wildcards are taken literally.
    expect((await caller.admin.users.list({ page: 1, limit: 20, search: "%" })).totalUsers).toBe(0);

    const all = await caller.admin.users.list({ page: 1, limit: 20, search: "bulk.test" });
    expect(all).toMatchObject({ totalUsers: 10_000, totalPages: 500 });
    expect(all.users[0]!.name).toBe("Seed Person 10000");
    const page3 = await caller.admin.users.list({ page: 3, limit: 20, search: "bulk.test" });
    expect(page3.users.map((u) => u.name)[0]).toBe("Seed Person 09960");
    expect(page3.users).toHaveLength(20);
    const last = await caller.admin.users.list({ page: 500, limit: 20, search: "bulk.test" });
    expect(last.users.at(-1)!.name).toBe("Seed Person 00001");
    expect((await caller.admin.users.list({ page: 501, limit: 20, search: "bulk.test" })).users).toEqual([]);

    // The search's expressions match the trigram indexes (at 10,000 rows the planner may still
    // prefer a scan; with scans priced out it must be able to answer from both indexes).
    const plan = await t.client.begin(async (sql) => {
      await sql`set local enable_seqscan = off`;
      return sql.unsafe(`explain select id from users where lower(name) like '%person 0423%' or email like '%person 0423%'`);
    });
    const planText = plan.map((r) => (r as Record<string, string>)["QUERY PLAN"]).join("\n");
    expect(planText).toMatch(/users_name_trgm_idx/);
    expect(planText).toMatch(/users_email_trgm_idx/);
    console.info(`admin user search over 10,000 users: ${elapsed.toFixed(1)} ms (first page and count)`);
  });
});
