// The verifiable ledger (docs/ledger-verification.md): postings chained by SHA-256 per account,
// the same chain in SQL and in Node, and verifyLedger catching every kind of tampering done
// directly in SQL, naming the broken account or entry. Each test gets its own database.
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { SYSTEM_ACCOUNTS, lagosDate } from "@kolo/domain";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  ensureUserWallet,
  holdFunds,
  insertTransaction,
  insertUser,
  latestLedgerVerification,
  postJournalEntry,
  postP2PTransfer,
  postingHash,
  recordLedgerVerification,
  releaseHold,
  settleHold,
  systemAccountId,
  verifyLedger,
} from "../src/index";
import { type TestDatabase, createTestDatabase } from "../src/testing";

let t: TestDatabase;
beforeEach(async () => {
  t = await createTestDatabase();
});
afterEach(async () => {
  await t.close();
});

const TODAY = lagosDate(new Date());
let counter = 0;

/** Two funded users, a P2P transfer, one hold settled and one released: the kit's every kind of posting. */
async function someMovements() {
  const users = [];
  for (let i = 0; i < 2; i++) {
    counter++;
    const user = await insertUser(t.db, {
      name: `Chain User ${counter}`,
      email: `chain${counter}-${Math.random().toString(36).slice(2, 8)}@example.com`,
      passwordHash: "x",
      verificationLevel: 2,
    });
    const wallet = await ensureUserWallet(t.db, user!.id);
    const adjustments = await systemAccountId(t.db, SYSTEM_ACCOUNTS.adjustments);
    await postJournalEntry(t.db, {
      idempotencyKey: `fund:${user!.id}`,
      kind: "adjustment",
      description: "funding",
      postings: [
        { accountId: adjustments, amount: -500_000n },
        { accountId: wallet, amount: 500_000n },
      ],
    });
    users.push({ user: user!, wallet });
  }
  const [a, b] = users as [(typeof users)[number], (typeof users)[number]];
  await postP2PTransfer(t.db, {
    senderId: a.user.id,
    recipientEmail: b.user.email,
    amountKobo: 12_345n,
    idempotencyKey: null,
    reference: `CHAIN-P2P-${a.user.id}`,
    day: TODAY,
    verificationLevel: 2,
  });
  for (const [suffix, end] of [
    ["S", "settle"],
    ["R", "release"],
  ] as const) {
    const reference = `CHAIN-HOLD-${suffix}-${a.user.id}`;
    await t.db.transaction(async (tx) => {
      const record = await insertTransaction(tx, {
        type: "airtime",
        amount: 20_000n,
        status: "pending",
        reference,
        description: "chain purchase",
        senderId: a.user.id,
        metadata: { phoneNumber: "08031234567", network: "MTN", requestId: reference },
      });
      await holdFunds(tx, {
        reference,
        walletAccountId: a.wallet,
        userId: a.user.id,
        verificationLevel: 2,
        amountKobo: 20_000n,
        day: TODAY,
        transactionId: record.id,
        kind: "purchase-hold",
        description: "hold",
      });
    });
    if (end === "settle") await settleHold(t.db, { reference, destination: SYSTEM_ACCOUNTS.vtpassClearing, description: "delivered" });
    else await releaseHold(t.db, { reference, description: "failed" });
  }
  return { a, b };
}

const failedChecks = async () => (await verifyLedger(t.db)).checks.filter((c) => !c.ok).map((c) => c.name);

describe("the hash-chained ledger", () => {
  it("an untouched ledger verifies: every chain, balance, entry, hold and daily counter", async () => {
    await someMovements();
    const result = await verifyLedger(t.db);
    expect(result.checks.filter((c) => !c.ok)).toEqual([]);
    expect(result.checks.map((c) => [c.name, c.ok])).toEqual([
      ["hash chains", true],
      ["entries sum to zero", true],
      ["balances equal postings", true],
      ["no negative wallet", true],
      ["holds account equals open holds", true],
      ["liens account equals liens in force", true],
      ["daily counters equal outgoing records", true],
    ]);
    expect(result).toMatchObject({ ok: true, firstBroken: null });
    expect(result.headsDigest).toMatch(/^[0-9a-f]{64}$/);
  });

  it("SQL's kolo_posting_hash and Node's postingHash give the same bytes; each head is its last posting's hash", async () => {
    const { a } = await someMovements();
    const rows = await t.client`
      select p.journal_entry_id::text as entry_id, p.account_id, p.amount::text, floor(extract(epoch from p.created_at) * 1000000)::bigint::text as micros,
             encode(p.hash, 'hex') as hash, encode(coalesce(lag(p.hash) over (order by p.id), '\\x0000000000000000000000000000000000000000000000000000000000000000'::bytea), 'hex') as previous
      from postings p where p.account_id = ${a.wallet} order by p.id`;
    expect(rows.length).toBeGreaterThanOrEqual(4);
    for (const row of rows) {
      const node = postingHash(Buffer.from(row.previous as string, "hex"), {
        entryId: row.entry_id as string,
        accountId: row.account_id as number,
        amount: row.amount as string,
        micros: row.micros as string,
      });
      expect(node.toString("hex")).toBe(row.hash);
    }
    const [account] = await t.client`select encode(head_hash, 'hex') as head from ledger_accounts where id = ${a.wallet}`;
    expect(account!.head).toBe(rows[rows.length - 1]!.hash);
  });

  it("one posting's amount changed in SQL: verification fails and names that account", async () => {
    const { b } = await someMovements();
    await t.client`update postings set amount = amount + 100 where id = (select max(id) from postings where account_id = ${b.wallet})`;
    const result = await verifyLedger(t.db);
    expect(result.ok).toBe(false);
    expect(result.firstBroken).toBe(`account ${b.wallet}`);
    expect(result.checks.find((c) => c.name === "hash chains")?.detail).toContain(`account ${b.wallet}`);
    expect(await failedChecks()).toEqual(expect.arrayContaining(["hash chains", "entries sum to zero", "balances equal postings"]));
  });

  it("a posting changed together with its balance and its hash recomputed from the old head still breaks the chain's head", async () => {
    const { b } = await someMovements();
    // A forger rewrites a middle posting and its stored hash: every later posting's hash and the head no longer follow.
    const [first] = await t.client`select id from postings where account_id = ${b.wallet} order by id limit 1`;
    await t.client`update postings set amount = amount + 1, hash = sha256(hash) where id = ${first!.id}`;
    await t.client`update ledger_accounts set balance = balance + 1 where id = ${b.wallet}`;
    expect((await verifyLedger(t.db)).firstBroken).toBe(`account ${b.wallet}`);
  });

  it("a deleted posting, a changed balance, an unbalanced entry and a wrong daily counter are each caught", async () => {
    const { a } = await someMovements();
    await t.client`update ledger_accounts set balance = balance + 5 where id = ${a.wallet}`;
    expect(await failedChecks()).toEqual(["balances equal postings"]);
    expect((await verifyLedger(t.db)).firstBroken).toBe(`account ${a.wallet}`);
    await t.client`update ledger_accounts set balance = balance - 5 where id = ${a.wallet}`;

    await t.client`update daily_outgoing set total_kobo = total_kobo + 1 where user_id = ${a.user.id}`;
    expect(await failedChecks()).toEqual(["daily counters equal outgoing records"]);
    await t.client`update daily_outgoing set total_kobo = total_kobo - 1 where user_id = ${a.user.id}`;
    expect((await verifyLedger(t.db)).ok).toBe(true);

    const holdsId = await systemAccountId(t.db, SYSTEM_ACCOUNTS.holds);
    await t.client`update holds set status = 'held' where reference = ${`CHAIN-HOLD-R-${a.user.id}`}`;
    expect(await failedChecks()).toContain("holds account equals open holds");
    await t.client`update holds set status = 'released' where reference = ${`CHAIN-HOLD-R-${a.user.id}`}`;
    expect(holdsId).toBeGreaterThan(0);

    await t.client`delete from postings where id = (select max(id) from postings where account_id = ${a.wallet})`;
    const result = await verifyLedger(t.db);
    expect(result.ok).toBe(false);
    expect(result.firstBroken).toBe(`account ${a.wallet}`);
    expect(await failedChecks()).toEqual(expect.arrayContaining(["hash chains", "entries sum to zero", "balances equal postings"]));
  });

  it("a verification running beside live transfers reads one snapshot and holds", async () => {
    const { a, b } = await someMovements();
    let moving = true;
    const transfers = (async () => {
      for (let i = 0; moving && i < 400; i++) {
        const [from, to] = i % 2 ? [a, b] : [b, a];
        await postP2PTransfer(t.db, {
          senderId: from.user.id,
          recipientEmail: to.user.email,
          amountKobo: 1n,
          idempotencyKey: null,
          reference: `CHAIN-LIVE-${a.user.id}-${i}`,
          day: TODAY,
          verificationLevel: 2,
        });
      }
    })();
    const results = [];
    try {
      for (let run = 0; run < 5; run++) results.push(await verifyLedger(t.db));
    } finally {
      moving = false;
      await transfers;
    }
    expect(results.map((result) => result.checks.filter((c) => !c.ok).map((c) => c.detail))).toEqual(results.map(() => []));
  });

  it("a chain read in small batches gives the same result as one read whole, full and incremental", async () => {
    await someMovements();
    await someMovements();
    const whole = await verifyLedger(t.db, { full: true });
    const small = await verifyLedger(t.db, { full: true, batchSize: 2 });
    expect(small).toMatchObject({ ok: true, headsDigest: whole.headsDigest, postingsVerified: whole.postingsVerified, checkpoints: whole.checkpoints });
    await recordLedgerVerification(t.db, small);
    await someMovements();
    const incremental = await verifyLedger(t.db, { batchSize: 2 });
    expect(incremental).toMatchObject({ ok: true, mode: "incremental" });
    expect(incremental.checkpoints).toEqual((await verifyLedger(t.db)).checkpoints);
  });

  it("checkpoints: an incremental run reads only what came after them; --full catches tampering before them, the incremental run after", async () => {
    const first = await someMovements();
    const full = await verifyLedger(t.db);
    expect(full).toMatchObject({ ok: true, mode: "full" });
    await recordLedgerVerification(t.db, full);
    const [{ count: postingsBefore }] = (await t.client`select count(*)::int as count from postings`) as unknown as [{ count: number }];
    expect(full.postingsVerified).toBe(postingsBefore);

    // Nothing moved: the incremental run reads no posting and passes.
    const idle = await verifyLedger(t.db);
    expect(idle).toMatchObject({ ok: true, mode: "incremental", postingsVerified: 0, checkpoints: [] });

    // New movements: only their postings are read, each chain from its checkpoint.
    await someMovements();
    const [{ count: postingsAfter }] = (await t.client`select count(*)::int as count from postings`) as unknown as [{ count: number }];
    const next = await verifyLedger(t.db);
    expect(next).toMatchObject({ ok: true, mode: "incremental", postingsVerified: postingsAfter - postingsBefore });
    await recordLedgerVerification(t.db, next);

    // Tampered before the checkpoint (hash and amount rewritten together, balance kept): the incremental run trusts it, --full does not.
    const [old] = await t.client`select id from postings where account_id = ${first.a.wallet} order by id limit 1`;
    await t.client`update postings set amount = amount + 7 where id = ${old!.id}`;
    expect((await verifyLedger(t.db)).ok).toBe(true);
    const caught = await verifyLedger(t.db, { full: true });
    expect(caught).toMatchObject({ ok: false, firstBroken: `account ${first.a.wallet}` });
    await t.client`update postings set amount = amount - 7 where id = ${old!.id}`;

    // Tampered after the checkpoint: the incremental run catches it and names the account.
    await someMovements();
    const [fresh] = await t.client`select account_id, id from postings order by id desc limit 1`;
    await t.client`update postings set amount = amount + 1 where id = ${fresh!.id}`;
    const incremental = await verifyLedger(t.db);
    expect(incremental).toMatchObject({ ok: false, mode: "incremental", firstBroken: `account ${fresh!.account_id}` });
    expect(incremental.checks.filter((c) => !c.ok).map((c) => c.name)).toEqual(
      expect.arrayContaining(["hash chains", "entries sum to zero", "balances equal postings"]),
    );
    // A failed run moves no checkpoint.
    const before = await t.client`select account_id, posting_id::text from ledger_checkpoints order by account_id`;
    await recordLedgerVerification(t.db, incremental);
    expect(await t.client`select account_id, posting_id::text from ledger_checkpoints order by account_id`).toEqual(before);
  });

  it("an incremental run catches a balance changed without a posting on an account that did not move", async () => {
    const { a } = await someMovements();
    await recordLedgerVerification(t.db, await verifyLedger(t.db));
    await t.client`update ledger_accounts set balance = balance + 5 where id = ${a.wallet}`;
    const result = await verifyLedger(t.db);
    expect(result).toMatchObject({ ok: false, mode: "incremental", firstBroken: `account ${a.wallet}` });
    expect(result.checks.filter((c) => !c.ok).map((c) => c.name)).toEqual(["balances equal postings"]);
  });

  it("results are stored; the latest one is what the admin dashboard shows", async () => {
    await someMovements();
    expect(await latestLedgerVerification(t.db)).toBeUndefined();
    await recordLedgerVerification(t.db, await verifyLedger(t.db));
    expect(await latestLedgerVerification(t.db)).toMatchObject({ ok: true, firstBroken: null });
  });

  it("`ledger:verify` on DATABASE_URL prints a line per check and exits 0, then 1 naming the account once a posting is altered", async () => {
    const { b } = await someMovements();
    const run = promisify(execFile);
    const cli = fileURLToPath(new URL("../../../apps/server/src/ledger-verify.ts", import.meta.url));
    const cwd = fileURLToPath(new URL("../../../apps/server/", import.meta.url));
    const env = { ...process.env, DATABASE_URL: t.url, NODE_ENV: "development" };
    const ok = await run(process.execPath, ["--import", "tsx", cli], { cwd, env });
    expect(ok.stdout).toContain("ok      hash chains");
    expect(ok.stdout).toContain("Ledger verified");
    expect(ok.stdout).toContain("full verification:");

    await t.client`update postings set amount = amount - 1 where id = (select min(id) from postings where account_id = ${b.wallet})`;
    // Before the checkpoints the first run recorded: only a full run reads it again.
    const failed = await run(process.execPath, ["--import", "tsx", cli, "--full"], { cwd, env }).catch(
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect("code" in failed ? failed.code : 0).toBe(1);
    expect(failed.stdout).toContain("FAILED  hash chains");
    expect(failed.stderr).toContain(`first broken account ${b.wallet}`);
  });
});
