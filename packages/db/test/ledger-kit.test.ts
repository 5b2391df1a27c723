// The ledger kit against a real PostgreSQL: posting, holds, settle/release/reverse, the daily
// outgoing counter, concurrency, and the SQL functions checked against @kolo/domain's rules.
import { DomainError, HOLD_STATUSES, type HoldStatus, SYSTEM_ACCOUNTS, applyPostings, assertWithinDailyLimit, holdTransition, lagosDate } from "@kolo/domain";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  type Database,
  ensureMerchantWallet,
  ensureUserWallet,
  holdFunds,
  insertTransaction,
  insertUser,
  outgoingOnDay,
  postJournalEntry,
  postP2PTransfer,
  recordOutgoing,
  releaseHold,
  reverseHold,
  reverseJournalEntry,
  settleHold,
  systemAccountId,
  updateTransaction,
} from "../src/index";
import { LEDGER_CONSISTENT, ledgerInvariants, useTestDatabase } from "../src/testing";

const { t } = useTestDatabase({ max: 24 });
let db: Database;
beforeAll(() => {
  db = t.db;
});

const TODAY = lagosDate(new Date());
let userCounter = 0;

/** A user at `level` with a wallet funded with `kobo` from the adjustments account. */
async function fundedUser(kobo: bigint, level = 2) {
  userCounter++;
  const user = await insertUser(db, {
    name: `Kit User ${userCounter}`,
    email: `kit${userCounter}-${Math.random().toString(36).slice(2, 8)}@example.com`,
    passwordHash: "x",
    verificationLevel: level,
  });
  if (!user) throw new Error("user not created");
  const wallet = await ensureUserWallet(db, user.id);
  if (kobo > 0n) {
    const adjustments = await systemAccountId(db, SYSTEM_ACCOUNTS.adjustments);
    await postJournalEntry(db, {
      idempotencyKey: `fund:${user.id}`,
      kind: "adjustment",
      description: "test funding",
      postings: [
        { accountId: adjustments, amount: -kobo },
        { accountId: wallet, amount: kobo },
      ],
    });
  }
  return { user, wallet };
}

async function balance(accountId: number): Promise<bigint> {
  const [row] = (await db.execute(sql`select balance from ledger_accounts where id = ${accountId}`)) as unknown as { balance: string }[];
  return BigInt(row!.balance);
}

const invariants = () => ledgerInvariants(t.client);
const CONSISTENT = LEDGER_CONSISTENT;

/** The day's outgoing total from the records (what the counter must equal). */
async function outgoingFromRecords(userId: number): Promise<bigint> {
  const [row] = await t.client`
    select coalesce(sum(amount + fee), 0)::text as total from transactions
    where sender_id = ${userId} and type in ('transfer', 'payment', 'airtime', 'data', 'p2p')
      and status in ('pending', 'processing', 'completed') and (created_at at time zone 'Africa/Lagos')::date = ${TODAY}::date`;
  return BigInt(row!.total);
}

async function expectDomainError(promise: Promise<unknown>, code: string): Promise<DomainError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  expect((error as DomainError).code).toBe(code);
  return error as DomainError;
}

/** A pending purchase record plus its hold, as a movement would write them. */
async function purchaseWithHold(userId: number, wallet: number, amountKobo: bigint, feeKobo = 0n, level = 2) {
  return db.transaction(async (tx) => {
    const reference = `KIT-${Math.random().toString(36).slice(2)}-${Date.now()}`;
    const record = await insertTransaction(tx, {
      type: "airtime",
      amount: amountKobo,
      fee: feeKobo,
      status: "pending",
      reference,
      description: "Airtime purchase",
      senderId: userId,
      metadata: { phoneNumber: "08011111111", network: "mtn", requestId: reference },
    });
    const hold = await holdFunds(tx, {
      reference,
      walletAccountId: wallet,
      userId,
      verificationLevel: level,
      amountKobo,
      feeKobo,
      day: TODAY,
      transactionId: record.id,
      kind: "purchase-hold",
      description: `Hold for ${reference}`,
    });
    return { reference, record, hold };
  });
}

describe("posting", () => {
  it("refuses the second of two ₦80 debits of a ₦100 wallet in one database transaction, and the ledger stays consistent", async () => {
    const { wallet } = await fundedUser(10_000n);
    const fees = await systemAccountId(db, SYSTEM_ACCOUNTS.feeIncome);
    const debit = (key: string) => ({
      idempotencyKey: key,
      kind: "test",
      description: "₦80 debit",
      postings: [
        { accountId: wallet, amount: -8_000n },
        { accountId: fees, amount: 8_000n },
      ],
    });
    await expectDomainError(
      db.transaction(async (tx) => {
        await postJournalEntry(tx, debit(`lost-update-a-${wallet}`));
        await postJournalEntry(tx, debit(`lost-update-b-${wallet}`));
      }),
      "INSUFFICIENT_BALANCE",
    );
    expect(await balance(wallet)).toBe(10_000n);
    expect(await invariants()).toEqual(CONSISTENT);
  });

  it("composes two ₦40 debits in one database transaction: ₦20 left, equal to the postings", async () => {
    const { wallet } = await fundedUser(10_000n);
    const fees = await systemAccountId(db, SYSTEM_ACCOUNTS.feeIncome);
    await db.transaction(async (tx) => {
      for (const key of ["a", "b"]) {
        await postJournalEntry(tx, {
          idempotencyKey: `compose-${key}-${wallet}`,
          kind: "test",
          description: "₦40",
          postings: [
            { accountId: wallet, amount: -4_000n },
            { accountId: fees, amount: 4_000n },
          ],
        });
      }
    });
    expect(await balance(wallet)).toBe(2_000n);
    expect(await invariants()).toEqual(CONSISTENT);
  });

  it("posts an idempotency key once: a repeat answers the first entry and moves nothing", async () => {
    const { wallet } = await fundedUser(10_000n);
    const fees = await systemAccountId(db, SYSTEM_ACCOUNTS.feeIncome);
    const entry = {
      idempotencyKey: `once-${wallet}`,
      kind: "test",
      description: "once",
      postings: [
        { accountId: wallet, amount: -1_000n },
        { accountId: fees, amount: 1_000n },
      ],
    };
    const [first, second] = await Promise.all([postJournalEntry(db, entry), postJournalEntry(db, entry)]);
    expect(first.journalEntryId).toBe(second.journalEntryId);
    expect([first.created, second.created].sort()).toEqual([false, true]);
    expect(await balance(wallet)).toBe(9_000n);
  });

  it("merchant wallets are wallets: credited by a posting, never below zero", async () => {
    const { user, wallet } = await fundedUser(5_000n);
    const merchantWallet = await ensureMerchantWallet(db, user.id);
    expect(await ensureMerchantWallet(db, user.id)).toBe(merchantWallet);
    await postJournalEntry(db, {
      idempotencyKey: `merchant-pay-${user.id}`,
      kind: "payment",
      description: "pay",
      postings: [
        { accountId: wallet, amount: -3_000n },
        { accountId: merchantWallet, amount: 3_000n },
      ],
    });
    expect(await balance(merchantWallet)).toBe(3_000n);
    await expectDomainError(
      postJournalEntry(db, {
        idempotencyKey: `merchant-over-${user.id}`,
        kind: "payment",
        description: "over",
        postings: [
          { accountId: merchantWallet, amount: -3_001n },
          { accountId: wallet, amount: 3_001n },
        ],
      }),
      "INSUFFICIENT_BALANCE",
    );
    expect(await invariants()).toEqual(CONSISTENT);
  });
});

describe("holds", () => {
  it("hold → settle: the wallet pays amount + fee once, the destination gets the amount and fee income the fee", async () => {
    const { user, wallet } = await fundedUser(500_000n);
    const transit = await systemAccountId(db, SYSTEM_ACCOUNTS.payoutsInTransit);
    const feeIncome = await systemAccountId(db, SYSTEM_ACCOUNTS.feeIncome);
    const [transitBefore, feesBefore] = [await balance(transit), await balance(feeIncome)];
    const { reference, record } = await purchaseWithHold(user.id, wallet, 100_000n, 5_000n);
    expect(await balance(wallet)).toBe(395_000n);
    expect(await outgoingOnDay(db, user.id, TODAY)).toBe(105_000n);

    const settled = await settleHold(db, { reference, destination: SYSTEM_ACCOUNTS.payoutsInTransit, description: "paid out" });
    expect(settled.outcome).toBe("settled");
    expect(await balance(transit)).toBe(transitBefore + 100_000n);
    expect(await balance(feeIncome)).toBe(feesBefore + 5_000n);

    expect((await settleHold(db, { reference, destination: SYSTEM_ACCOUNTS.payoutsInTransit, description: "again" })).outcome).toBe("already-settled");
    expect((await releaseHold(db, { reference, description: "too late" })).outcome).toBe("already-settled");
    expect(await balance(wallet)).toBe(395_000n);
    expect(await balance(transit)).toBe(transitBefore + 100_000n);
    expect(await outgoingOnDay(db, user.id, TODAY)).toBe(105_000n);

    const [links] = await t.client`select count(*)::int as n from journal_entries where transaction_id = ${record.id}`;
    expect(links!.n).toBe(2); // hold and settlement, both on the one record
    expect(await invariants()).toEqual(CONSISTENT);
  });

  it("hold → release: everything back to the wallet and to the day's allowance, once", async () => {
    const { user, wallet } = await fundedUser(200_000n);
    const { reference } = await purchaseWithHold(user.id, wallet, 150_000n, 1_000n);
    expect(await balance(wallet)).toBe(49_000n);
    expect((await releaseHold(db, { reference, description: "failed" })).outcome).toBe("released");
    expect(await balance(wallet)).toBe(200_000n);
    expect(await outgoingOnDay(db, user.id, TODAY)).toBe(0n);
    expect((await releaseHold(db, { reference, description: "again" })).outcome).toBe("already-released");
    expect((await settleHold(db, { reference, destination: SYSTEM_ACCOUNTS.vtpassClearing, description: "late" })).outcome).toBe("already-released");
    expect(await balance(wallet)).toBe(200_000n);
    expect(await invariants()).toEqual(CONSISTENT);
  });

  it("a repeated hold reference holds nothing more", async () => {
    const { user, wallet } = await fundedUser(100_000n);
    const { reference } = await purchaseWithHold(user.id, wallet, 10_000n);
    const again = await holdFunds(db, {
      reference,
      walletAccountId: wallet,
      userId: user.id,
      verificationLevel: 2,
      amountKobo: 10_000n,
      day: TODAY,
      kind: "purchase-hold",
      description: "retry",
    });
    expect(again.created).toBe(false);
    expect(await balance(wallet)).toBe(90_000n);
    expect(await outgoingOnDay(db, user.id, TODAY)).toBe(10_000n);
  });

  it("two holds with one reference at once: one holds, the other holds and counts nothing", async () => {
    const { user, wallet } = await fundedUser(100_000n);
    const reference = `KIT-TWIN-${user.id}`;
    const hold = () =>
      holdFunds(db, {
        reference,
        walletAccountId: wallet,
        userId: user.id,
        verificationLevel: 2,
        amountKobo: 10_000n,
        feeKobo: 500n,
        day: TODAY,
        kind: "purchase-hold",
        description: "twin",
      });
    // The wallet is held by another transaction until all three wait: the first to count takes the
    // day's counter row, the other two wait for it and find the first's hold once it commits.
    let locked!: () => void;
    let open!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const gate = new Promise<void>((resolve) => (open = resolve));
    const blocker = t.client.begin(async (tx) => {
      await tx`select 1 from ledger_accounts where id = ${wallet} for update`;
      locked();
      await gate;
    });
    await isLocked;
    const holds = Promise.all([hold(), hold(), hold()]);
    const waiting = async () =>
      (await t.client`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`)[0]!.n;
    while ((await waiting()) < 3);
    open();
    await blocker;
    const results = await holds;
    expect(results.map((result) => result.created).sort()).toEqual([false, false, true]);
    expect(new Set(results.map((result) => result.holdId)).size).toBe(1);
    expect(await balance(wallet)).toBe(89_500n);
    expect(await outgoingOnDay(db, user.id, TODAY)).toBe(10_500n);
  });

  it("P2P both ways, holds and releases by the same two users at once: one lock order, no deadlock", async () => {
    const a = await fundedUser(5_000_000n);
    const b = await fundedUser(5_000_000n);
    const earlier = await Promise.all(Array.from({ length: 20 }, () => purchaseWithHold(a.user.id, a.wallet, 1_000n)));
    const p2p = (from: typeof a, to: typeof a) =>
      postP2PTransfer(db, {
        senderId: from.user.id,
        recipientEmail: to.user.email,
        amountKobo: 700n,
        idempotencyKey: null,
        reference: `LOCKS-${Math.random().toString(36).slice(2)}`,
        day: TODAY,
        verificationLevel: 2,
      });
    const release = (reference: string) =>
      db.transaction(async (tx) => {
        await releaseHold(tx, { reference, description: "release" });
        await tx.execute(sql`update transactions set status = 'failed' where reference = ${reference}`);
      });
    await Promise.all(
      earlier.flatMap(({ reference }) => [
        p2p(a, b),
        p2p(b, a),
        purchaseWithHold(a.user.id, a.wallet, 300n),
        purchaseWithHold(b.user.id, b.wallet, 300n),
        release(reference),
      ]),
    );
    expect(await invariants()).toEqual(CONSISTENT);
    for (const { user } of [a, b]) expect(await outgoingOnDay(db, user.id, TODAY)).toBe(await outgoingFromRecords(user.id));
    expect(await balance(a.wallet)).toBe(5_000_000n - 20n * 300n);
    expect(await balance(b.wallet)).toBe(5_000_000n - 20n * 300n);
  });

  it("a reversal that settles first, in one transaction, beside new holds by the same user: no deadlock", async () => {
    const { user, wallet } = await fundedUser(5_000_000n);
    const earlier = await Promise.all(Array.from({ length: 15 }, () => purchaseWithHold(user.id, wallet, 1_000n, 100n)));
    // A provider's reversal of a payment still in flight: settle, then reverse (payouts' "reversed").
    const reverse = (reference: string) =>
      db.transaction(async (tx) => {
        await settleHold(tx, { reference, destination: SYSTEM_ACCOUNTS.payoutsInTransit, description: "settle" });
        await reverseHold(tx, { reference, description: "reverse" });
        await tx.execute(sql`update transactions set status = 'reversed' where reference = ${reference}`);
      });
    await Promise.all(earlier.flatMap(({ reference }) => [reverse(reference), purchaseWithHold(user.id, wallet, 500n)]));
    expect(await invariants()).toEqual(CONSISTENT);
    expect(await balance(wallet)).toBe(5_000_000n - 15n * 500n);
    expect(await outgoingOnDay(db, user.id, TODAY)).toBe(15n * 500n);
  });

  it("refuses a hold beyond the balance or the daily limit and writes nothing", async () => {
    const { user, wallet } = await fundedUser(6_000_000n, 0); // ₦60,000 at level 0 (limit ₦50,000)
    await expectDomainError(purchaseWithHold(user.id, wallet, 7_000_000n, 0n, 0), "INSUFFICIENT_BALANCE");
    await purchaseWithHold(user.id, wallet, 4_000_000n, 0n, 0);
    const error = await expectDomainError(purchaseWithHold(user.id, wallet, 1_000_001n, 0n, 0), "DAILY_LIMIT_EXCEEDED");
    expect(error.details).toEqual({ remainingAllowance: 1_000_000n, dailyLimit: 5_000_000n });
    expect(await balance(wallet)).toBe(2_000_000n);
    expect(await outgoingOnDay(db, user.id, TODAY)).toBe(4_000_000n);
    const [records] = await t.client`select count(*)::int as n from transactions where sender_id = ${user.id}`;
    expect(records!.n).toBe(1);
    expect(await invariants()).toEqual(CONSISTENT);
  });

  it("reverse after settle: the settlement is reversed (linked), the money is back in the wallet and the allowance, once", async () => {
    const { user, wallet } = await fundedUser(300_000n);
    const transit = await systemAccountId(db, SYSTEM_ACCOUNTS.payoutsInTransit);
    const transitBefore = await balance(transit);
    const { reference, record } = await purchaseWithHold(user.id, wallet, 100_000n, 2_000n);
    expect((await reverseHold(db, { reference, description: "not yet" })).outcome).toBe("not-settled");
    const settled = await settleHold(db, { reference, destination: SYSTEM_ACCOUNTS.payoutsInTransit, description: "paid" });
    const reversed = await reverseHold(db, { reference, description: "bank reversed" });
    expect(reversed.outcome).toBe("reversed");
    expect(await balance(wallet)).toBe(300_000n);
    expect(await balance(transit)).toBe(transitBefore);
    expect(await outgoingOnDay(db, user.id, TODAY)).toBe(0n);
    const [link] = await t.client`select transaction_id from journal_entries where reverses_entry_id = ${settled.journalEntryId}`;
    expect(link!.transaction_id).toBe(record.id);
    expect((await reverseHold(db, { reference, description: "again" })).outcome).toBe("already-reversed");
    expect((await releaseHold(db, { reference, description: "late" })).outcome).toBe("already-reversed");
    expect(await balance(wallet)).toBe(300_000n);
    expect(await invariants()).toEqual(CONSISTENT);
  });

  it("reverses a completed entry with the opposite postings, at most once, never taking a wallet below zero", async () => {
    const a = await fundedUser(50_000n);
    const b = await fundedUser(0n);
    const { transaction } = await postP2PTransfer(db, {
      senderId: a.user.id,
      recipientEmail: b.user.email,
      amountKobo: 20_000n,
      idempotencyKey: null,
      reference: `KIT-P2P-${a.user.id}`,
      day: TODAY,
      verificationLevel: 2,
    });
    const [entry] = await t.client`select id from journal_entries where transaction_id = ${transaction.id}`;
    const first = await reverseJournalEntry(db, { journalEntryId: Number(entry!.id), description: "reversal" });
    const second = await reverseJournalEntry(db, { journalEntryId: Number(entry!.id), description: "reversal" });
    expect(first.created).toBe(true);
    expect(second).toEqual({ journalEntryId: first.journalEntryId, created: false });
    expect([await balance(a.wallet), await balance(b.wallet)]).toEqual([50_000n, 0n]);
    // A second reversal under another key is refused by the database itself (a partial unique index).
    const another = await t.client`
      insert into journal_entries (idempotency_key, kind, description, reverses_entry_id)
      values (${`other-reversal:${entry!.id}`}, 'reversal', 'again', ${entry!.id})`.then(
      () => undefined,
      (error: { code?: string }) => error.code,
    );
    expect(another).toBe("23505");

    const { transaction: spent } = await postP2PTransfer(db, {
      senderId: a.user.id,
      recipientEmail: b.user.email,
      amountKobo: 10_000n,
      idempotencyKey: null,
      reference: `KIT-P2P2-${a.user.id}`,
      day: TODAY,
      verificationLevel: 2,
    });
    await postP2PTransfer(db, {
      senderId: b.user.id,
      recipientEmail: a.user.email,
      amountKobo: 10_000n,
      idempotencyKey: null,
      reference: `KIT-P2P3-${a.user.id}`,
      day: TODAY,
      verificationLevel: 2,
    });
    const [spentEntry] = await t.client`select id from journal_entries where transaction_id = ${spent.id}`;
    await expectDomainError(reverseJournalEntry(db, { journalEntryId: Number(spentEntry!.id), description: "too late" }), "INSUFFICIENT_BALANCE");
    expect(await invariants()).toEqual(CONSISTENT);
  });

  it("settle and release of one hold at the same moment: exactly one wins, every time", async () => {
    const { user, wallet } = await fundedUser(10_000_000n);
    const holdsMade = await Promise.all(Array.from({ length: 12 }, () => purchaseWithHold(user.id, wallet, 10_000n)));
    const results = await Promise.all(
      holdsMade.map(async ({ reference }) => {
        const [settled, released] = await Promise.all([
          settleHold(db, { reference, destination: SYSTEM_ACCOUNTS.vtpassClearing, description: "delivered" }),
          releaseHold(db, { reference, description: "failed" }),
        ]);
        return [settled.outcome, released.outcome].sort().join("+");
      }),
    );
    for (const result of results) expect(["already-settled+settled", "already-released+released"]).toContain(result);
    const [statuses] = await t.client`select count(*)::int as n from holds where user_id = ${user.id} and status in ('settled', 'released')`;
    expect(statuses!.n).toBe(12);
    expect(await invariants()).toEqual(CONSISTENT);
  });
});

describe("the SQL functions follow the domain's rules", () => {
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;

  it("kolo_record_outgoing refuses exactly when assertWithinDailyLimit does, with the same figures", async () => {
    // The figures are kobo (bigint): written as decimal strings to compare.
    const figures = (details: unknown) => JSON.stringify(details, (_key, value: unknown) => (typeof value === "bigint" ? value.toString() : value));
    for (let i = 0; i < 40; i++) {
      const level = Math.floor(random() * 3);
      const limits = [5_000_000n, 20_000_000n, 100_000_000n];
      const spent = BigInt(Math.floor(random() * Number(limits[level]!) * 1.1));
      const amount = BigInt(1 + Math.floor(random() * Number(limits[level]!) * 0.3));
      const { user } = await fundedUser(0n, level);
      const domain = (() => {
        try {
          assertWithinDailyLimit(level, spent, amount);
          return "ok";
        } catch (error) {
          return figures((error as DomainError).details);
        }
      })();
      const sqlOutcome = await db
        .transaction(async (tx) => {
          if (spent > 0n)
            await tx.execute(sql`insert into daily_outgoing (user_id, day, total_kobo) values (${user.id}, ${TODAY}::date, ${spent.toString()}::bigint)`);
          await recordOutgoing(tx, { userId: user.id, day: TODAY, amountKobo: amount, verificationLevel: level });
          tx.rollback();
        })
        .then(
          () => "ok",
          (error: unknown) => (error instanceof DomainError ? figures(error.details) : "ok"),
        );
      expect(sqlOutcome, `level ${level}, spent ${spent}, amount ${amount}`).toBe(domain);
    }
  });

  it("kolo_post_entry refuses exactly when applyPostings does", async () => {
    const fees = await systemAccountId(db, SYSTEM_ACCOUNTS.feeIncome);
    for (let i = 0; i < 30; i++) {
      const a = await fundedUser(BigInt(Math.floor(random() * 10_000)));
      const b = await fundedUser(BigInt(Math.floor(random() * 10_000)));
      const amountA = -BigInt(1 + Math.floor(random() * 12_000));
      const amountB = BigInt(Math.floor(random() * 12_000)) - 6_000n || 1n;
      const postings = [
        { accountId: a.wallet, amount: amountA },
        { accountId: b.wallet, amount: amountB },
        { accountId: fees, amount: -(amountA + amountB) },
      ].filter((p) => p.amount !== 0n);
      const accounts = new Map([
        [a.wallet, { balance: await balance(a.wallet), isSystem: false }],
        [b.wallet, { balance: await balance(b.wallet), isSystem: false }],
        [fees, { balance: await balance(fees), isSystem: true }],
      ]);
      const domain = (() => {
        try {
          applyPostings(accounts, postings);
          return "ok";
        } catch (error) {
          return (error as DomainError).code;
        }
      })();
      const sqlOutcome = await postJournalEntry(db, { idempotencyKey: `rule-${i}-${a.wallet}`, kind: "test", description: "rule", postings }).then(
        () => "ok",
        (error: unknown) => (error instanceof DomainError ? error.code : String(error)),
      );
      expect(sqlOutcome).toBe(domain);
    }
    expect(await invariants()).toEqual(CONSISTENT);
  });

  it("every hold transition matches holdTransition", async () => {
    const { user, wallet } = await fundedUser(1_000_000n);
    const into = async (status: HoldStatus) => {
      const { reference } = await purchaseWithHold(user.id, wallet, 1_000n);
      if (status === "settled" || status === "reversed") await settleHold(db, { reference, destination: SYSTEM_ACCOUNTS.vtpassClearing, description: "s" });
      if (status === "released") await releaseHold(db, { reference, description: "r" });
      if (status === "reversed") await reverseHold(db, { reference, description: "v" });
      return reference;
    };
    for (const status of HOLD_STATUSES) {
      for (const action of ["settle", "release", "reverse"] as const) {
        const reference = await into(status);
        const call =
          action === "settle"
            ? settleHold(db, { reference, destination: SYSTEM_ACCOUNTS.vtpassClearing, description: "x" })
            : action === "release"
              ? releaseHold(db, { reference, description: "x" })
              : reverseHold(db, { reference, description: "x" });
        expect((await call).outcome, `${action} on ${status}`).toBe(holdTransition(status, action));
      }
    }
    expect(await invariants()).toEqual(CONSISTENT);
  });
});

describe("randomized: many clients, many operations", () => {
  it("keeps every entry balanced, every balance equal to its postings, no wallet negative, all accounts summing to zero, and the daily counters equal to the records", async () => {
    const users = await Promise.all(Array.from({ length: 12 }, (_, i) => fundedUser(BigInt(200_000 + i * 50_000), i % 3)));
    const open: string[] = [];
    const settled: string[] = [];
    let seed = 2026;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)]!;
    const expected = new Set(["INSUFFICIENT_BALANCE", "DAILY_LIMIT_EXCEEDED", "RULE_VIOLATION"]);
    const unexpected: string[] = [];

    const step = async () => {
      const roll = random();
      const u = pick(users);
      try {
        if (roll < 0.4) {
          const to = pick(users);
          await postP2PTransfer(db, {
            senderId: u.user.id,
            recipientEmail: to.user.email,
            amountKobo: BigInt(100 + Math.floor(random() * 60_000)),
            idempotencyKey: random() < 0.5 ? null : `k-${Math.floor(random() * 400)}`,
            reference: `RND-${Math.random().toString(36).slice(2)}-${Date.now()}`,
            day: TODAY,
            verificationLevel: u.user.verificationLevel,
          });
        } else if (roll < 0.65) {
          const { reference } = await purchaseWithHold(
            u.user.id,
            u.wallet,
            BigInt(100 + Math.floor(random() * 50_000)),
            BigInt(Math.floor(random() * 3) * 500),
            u.user.verificationLevel,
          );
          open.push(reference);
        } else if (roll < 0.8 && open.length > 0) {
          const reference = open.splice(Math.floor(random() * open.length), 1)[0]!;
          await db.transaction(async (tx) => {
            const { outcome } = await settleHold(tx, { reference, destination: SYSTEM_ACCOUNTS.payoutsInTransit, description: "settle" });
            if (outcome === "settled") await tx.execute(sql`update transactions set status = 'completed' where reference = ${reference}`);
          });
          settled.push(reference);
        } else if (roll < 0.93 && open.length > 0) {
          const reference = open.splice(Math.floor(random() * open.length), 1)[0]!;
          await db.transaction(async (tx) => {
            const { outcome } = await releaseHold(tx, { reference, description: "release" });
            if (outcome === "released") await tx.execute(sql`update transactions set status = 'failed' where reference = ${reference}`);
          });
        } else if (settled.length > 0) {
          const reference = settled.splice(Math.floor(random() * settled.length), 1)[0]!;
          await db.transaction(async (tx) => {
            const { outcome } = await reverseHold(tx, { reference, description: "reverse" });
            if (outcome === "reversed") await tx.execute(sql`update transactions set status = 'reversed' where reference = ${reference}`);
          });
        }
      } catch (error) {
        const code = error instanceof DomainError ? error.code : String(error);
        if (!expected.has(code) && !(error instanceof DomainError && code === "IDEMPOTENCY_KEY_REUSED")) unexpected.push(code);
      }
    };
    // 16 concurrent clients, 1,600 operations in all.
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        for (let i = 0; i < 100; i++) await step();
      }),
    );
    expect(unexpected).toEqual([]);
    expect(await invariants()).toEqual(CONSISTENT);
    for (const { user } of users) expect(await outgoingOnDay(db, user.id, TODAY), `user ${user.id}`).toBe(await outgoingFromRecords(user.id));
    const [counts] = await t.client`select count(*)::int as n from journal_entries`;
    expect(counts!.n).toBeGreaterThan(800);
  });
});

it("updateTransaction refuses metadata its type does not define", async () => {
  const { user } = await fundedUser(0n);
  const record = await insertTransaction(db, {
    type: "topup",
    amount: 10_000n,
    status: "pending",
    reference: `META-${user.id}`,
    description: "Wallet top-up",
    recipientId: user.id,
    metadata: { gateway: "paystack" },
  });
  await expect(updateTransaction(db, record.id, "topup", { status: "failed", metadata: { phoneNumber: "08011111111" } as never })).rejects.toThrow(
    /Invalid topup metadata/,
  );
  await expect(
    insertTransaction(db, {
      type: "p2p",
      amount: 1n,
      status: "completed",
      reference: `META2-${user.id}`,
      description: "x",
      metadata: { senderName: "A" } as never,
    }),
  ).rejects.toThrow(/Invalid p2p metadata/);
});
