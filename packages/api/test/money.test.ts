import { schema, setFeatureSetting } from "@kolo/db";
import { LEDGER_CONSISTENT, ledgerInvariants, useTestDatabase } from "@kolo/db/testing";
import { DomainError } from "@kolo/domain";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { transferP2P } from "../src/money/p2p";
import { callerWith, expectTRPCError, fundUser, registerUser } from "./helpers";

const { t } = useTestDatabase({ max: 20 });

describe("ledger under concurrency", () => {
  it("after 600 concurrent random transfers among 20 funded users, every kobo is accounted for", async () => {
    const users: schema.User[] = [];
    for (let i = 0; i < 20; i++) {
      const { user } = await registerUser(t.db, { name: `Load User ${i}` });
      await t.db
        .update(schema.users)
        .set({ verificationLevel: i % 3 })
        .where(eq(schema.users.id, user.id));
      await fundUser(t.db, user.id, 2_000_000n); // ₦20,000 each
      const [row] = await t.db.select().from(schema.users).where(eq(schema.users.id, user.id));
      users.push(row!);
    }
    const toppedUp = 20n * 2_000_000n;
    const walletIds = users.map((u) => u.id);
    const walletTotal = async () => {
      const [row] =
        await t.client`select coalesce(sum(balance), 0)::bigint as total from ledger_accounts where kind = 'user_wallet' and user_id = any(${walletIds})`;
      return BigInt(row!.total);
    };

    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const outcomes = await Promise.allSettled(
      Array.from({ length: 600 }, () => {
        const from = users[Math.floor(random() * users.length)]!;
        let to = users[Math.floor(random() * users.length)]!;
        if (to.id === from.id) to = users[(users.indexOf(from) + 1) % users.length]!;
        const amountKobo = BigInt(100 + Math.floor(random() * 400_000)); // ₦1 to ₦4,001
        return transferP2P(t.db, { sender: from, recipientEmail: to.email, amountKobo });
      }),
    );
    const failures = outcomes.filter((o) => o.status === "rejected").map((o) => o.reason);
    const unexpected = failures.filter((e) => !(e instanceof DomainError));
    expect(unexpected.map(String)).toEqual([]);
    const succeeded = outcomes.length - failures.length;
    expect(succeeded).toBeGreaterThan(300);

    expect(await walletTotal()).toBe(toppedUp);
    expect(await ledgerInvariants(t.client)).toEqual(LEDGER_CONSISTENT);
    const [p2p] = await t.client`select count(*)::int as n from transactions where type = 'p2p' and sender_id = any(${walletIds})`;
    expect(p2p!.n).toBe(succeeded);
  });

  it("the database itself refuses a wallet below zero (CHECK constraint)", async () => {
    const { user } = await registerUser(t.db);
    await expect(t.client`update ledger_accounts set balance = -1 where kind = 'user_wallet' and user_id = ${user.id}`).rejects.toThrow(
      /ledger_accounts_wallet_non_negative/,
    );
  });
});

describe("transfers.p2p", () => {
  it("moves the amount from sender to recipient, free, and both see it with the right direction", async () => {
    const a = await registerUser(t.db, { name: "Amaka Sender" });
    const b = await registerUser(t.db, { name: "Bola Recipient" });
    await fundUser(t.db, a.user.id, 500_000n);
    const sender = (await callerWith(t.db, a.jar)).caller;
    const result = await sender.transfers.p2p({ recipientEmail: b.user.email.toUpperCase(), amount: 1250.5, idempotencyKey: "key-000000001" });
    expect(result.message).toBe("Transfer Successful");
    expect(result.transaction).toMatchObject({ type: "p2p", amount: 1250.5, fee: 0, status: "completed", senderId: a.user.id, recipientId: b.user.id });
    expect((await sender.auth.me()).balance).toBe(3749.5);
    const recipient = (await callerWith(t.db, b.jar)).caller;
    expect((await recipient.auth.me()).balance).toBe(1250.5);
    const [credit] = await recipient.transactions.list();
    expect(credit).toMatchObject({ recipientId: b.user.id, amount: 1250.5, description: "Transfer from Amaka Sender" });
    const senderList = await sender.transactions.list();
    expect(senderList.map((x) => x.type)).toEqual(["p2p", "topup"]);
    expect(senderList[0]!.description).toBe("Transfer to Bola Recipient");
  });

  it("answers the spec's errors and moves nothing", async () => {
    const a = await registerUser(t.db);
    await fundUser(t.db, a.user.id, 100_000n);
    const b = await registerUser(t.db);
    const caller = (await callerWith(t.db, a.jar)).caller;
    await expectTRPCError(caller.transfers.p2p({ recipientEmail: "nobody@example.com", amount: 10 }), "NOT_FOUND", "Recipient not found");
    await expectTRPCError(caller.transfers.p2p({ recipientEmail: a.user.email, amount: 10 }), "BAD_REQUEST", "You cannot transfer money to yourself");
    await expectTRPCError(caller.transfers.p2p({ recipientEmail: b.user.email, amount: 1000.01 }), "BAD_REQUEST", "Insufficient Balance");
    await expectTRPCError(caller.transfers.p2p({ recipientEmail: b.user.email, amount: 0 }), "BAD_REQUEST", "Amount must be positive");
    await expectTRPCError(caller.transfers.p2p({ recipientEmail: b.user.email, amount: 1.234 }), "BAD_REQUEST");
    await expectTRPCError(caller.transfers.p2p({ recipientEmail: "not-an-email", amount: 5 }), "BAD_REQUEST", "Please enter a valid email");
    expect((await caller.auth.me()).balance).toBe(1000);
    expect((await (await callerWith(t.db, b.jar)).caller.auth.me()).balance).toBe(0);
  });

  it("a double-submitted transfer with one idempotency key posts once and answers the same result, even at the same moment", async () => {
    const a = await registerUser(t.db);
    const b = await registerUser(t.db);
    await fundUser(t.db, a.user.id, 1_000_000n);
    const caller = (await callerWith(t.db, a.jar)).caller;
    const input = { recipientEmail: b.user.email, amount: 700, idempotencyKey: "double-click-0001" };
    const results = await Promise.all([caller.transfers.p2p(input), caller.transfers.p2p(input), caller.transfers.p2p(input)]);
    expect(new Set(results.map((r) => r.transaction.reference)).size).toBe(1);
    const again = await caller.transfers.p2p(input);
    expect(again.transaction.reference).toBe(results[0].transaction.reference);
    expect((await caller.auth.me()).balance).toBe(9300);
    await expectTRPCError(caller.transfers.p2p({ ...input, amount: 701 }), "CONFLICT");
    expect((await caller.auth.me()).balance).toBe(9300);
  });

  it("enforces the daily outgoing limit by verification level, with the remaining allowance", async () => {
    const a = await registerUser(t.db);
    const b = await registerUser(t.db);
    await fundUser(t.db, a.user.id, 100_000_00n); // ₦100,000
    const caller = (await callerWith(t.db, a.jar)).caller;
    await caller.transfers.p2p({ recipientEmail: b.user.email, amount: 30_000 });
    const error = (await expectTRPCError(caller.transfers.p2p({ recipientEmail: b.user.email, amount: 25_000 }), "BAD_REQUEST", "Daily limit exceeded")) as {
      cause: DomainError;
    };
    expect(error.cause.details).toEqual({ remainingAllowance: 2_000_000n, dailyLimit: 5_000_000n });
    await caller.transfers.p2p({ recipientEmail: b.user.email, amount: 20_000 });
    expect((await caller.auth.me()).balance).toBe(50_000);

    await t.db.update(schema.users).set({ verificationLevel: 1 }).where(eq(schema.users.id, a.user.id));
    const level1 = (await callerWith(t.db, a.jar)).caller;
    await level1.transfers.p2p({ recipientEmail: b.user.email, amount: 50_000 });
    expect((await level1.auth.me()).balance).toBe(0);
  });

  it("the daily limit holds under concurrent transfers from one user", async () => {
    const a = await registerUser(t.db);
    const b = await registerUser(t.db);
    await fundUser(t.db, a.user.id, 100_000_00n);
    const caller = (await callerWith(t.db, a.jar)).caller;
    const outcomes = await Promise.allSettled(Array.from({ length: 10 }, () => caller.transfers.p2p({ recipientEmail: b.user.email, amount: 10_000 })));
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(5);
    expect((await caller.auth.me()).balance).toBe(50_000);
  });

  it("is refused with 'Feature disabled by administrator' when feature_send_money is off, except for admins", async () => {
    const a = await registerUser(t.db);
    const admin = await registerUser(t.db, { role: "admin" });
    const b = await registerUser(t.db);
    await fundUser(t.db, a.user.id, 100_000n);
    await fundUser(t.db, admin.user.id, 100_000n);
    await setFeatureSetting(t.db, "feature_send_money", false);
    try {
      await expectTRPCError(
        (await callerWith(t.db, a.jar)).caller.transfers.p2p({ recipientEmail: b.user.email, amount: 10 }),
        "FORBIDDEN",
        "Feature disabled by administrator",
      );
      await (await callerWith(t.db, admin.jar)).caller.transfers.p2p({ recipientEmail: b.user.email, amount: 10 });
      expect((await (await callerWith(t.db, b.jar)).caller.auth.me()).balance).toBe(10);
    } finally {
      await setFeatureSetting(t.db, "feature_send_money", true);
    }
  });
});

describe("wallet.topup switch", () => {
  it("is refused when feature_topup is off", async () => {
    const a = await registerUser(t.db);
    await setFeatureSetting(t.db, "feature_topup", false);
    try {
      await expectTRPCError((await callerWith(t.db, a.jar)).caller.wallet.topup({ amount: 500 }), "FORBIDDEN", "Feature disabled by administrator");
      expect(await t.db.$count(schema.transactions, sql`${schema.transactions.recipientId} = ${a.user.id}`)).toBe(0);
    } finally {
      await setFeatureSetting(t.db, "feature_topup", true);
    }
  });
});
