// The ledger verification (docs/ledger-verification.md): recomputes every account's hash chain
// in Node from the stored postings and checks the ledger's invariants, reading in batches so it
// runs at millions of postings. Used by `pnpm ledger:verify`, the daily reconciliation and tests.
import { createHash } from "node:crypto";
import { desc, sql } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { GENESIS_HASH_HEX, ledgerVerifications } from "../schema";

export interface LedgerCheck {
  name: string;
  ok: boolean;
  detail: string;
}

export interface LedgerVerification {
  ok: boolean;
  checks: LedgerCheck[];
  /** The first broken account or entry ('account 12', 'entry 340'), null when all holds. */
  firstBroken: string | null;
  /** Hex SHA-256 over every account's `{id}:{head hex}` line in id order: the day's fingerprint of the whole ledger. */
  headsDigest: string;
  verifiedAt: Date;
}

const BATCH = 5_000;

/** The hash of one posting after `previous` (docs/ledger-verification.md), as kolo_posting_hash computes it. */
export function postingHash(
  previous: Buffer,
  posting: { entryId: string | number | bigint; accountId: number; amount: string | bigint; micros: string | bigint },
): Buffer {
  return createHash("sha256").update(previous).update(`${posting.entryId}|${posting.accountId}|${posting.amount}|${posting.micros}`, "utf8").digest();
}

const rows = async <T>(db: DbOrTx, query: ReturnType<typeof sql>) => (await db.execute(query)) as unknown as T[];

/**
 * Recomputes every chain (postings in id order per account, from the genesis hash) and checks:
 * each journal entry sums to zero; each account's balance equals its postings; no wallet is
 * negative; the `holds` account equals the open holds (amount + fee of holds still held); each
 * user's daily outgoing counter equals that day's outgoing records (holds held or settled, P2P
 * transfers and merchant or invoice payments sent, by the Lagos day they were counted on).
 * Answers every check with a detail line, `ok` when all hold, the first broken account or entry,
 * and the digest of all heads. Reads only; never throws for a broken ledger.
 *
 * Every read runs in one read-only REPEATABLE READ transaction, so a live system's movements
 * during the run are either wholly seen or not at all (given a transaction, it reads in that one).
 */
export async function verifyLedger(db: DbOrTx): Promise<LedgerVerification> {
  return db.transaction((tx) => verifyIn(tx), { isolationLevel: "repeatable read", accessMode: "read only" });
}

async function verifyIn(db: DbOrTx): Promise<LedgerVerification> {
  const checks: LedgerCheck[] = [];
  let firstBroken: string | null = null;
  const broken = (what: string) => (firstBroken ??= what);

  // 1. Hash chains.
  const heads = new Map<number, string>();
  for (const account of await rows<{ id: number; head: string }>(db, sql`select id, encode(head_hash, 'hex') as head from ledger_accounts order by id`)) {
    heads.set(account.id, account.head);
  }
  const genesis = Buffer.from(GENESIS_HASH_HEX, "hex");
  let chainBroken: string | null = null;
  let postingsSeen = 0;
  let current = null as { accountId: number; hash: Buffer } | null;
  const closeAccount = () => {
    if (!current || chainBroken) return;
    if (heads.get(current.accountId) !== current.hash.toString("hex"))
      chainBroken = `account ${current.accountId}: its head is not the hash of its last posting`;
  };
  const finished = new Set<number>();
  let after = { accountId: 0, id: 0n };
  for (;;) {
    const batch = await rows<{ id: string; entry_id: string; account_id: number; amount: string; micros: string; hash: string }>(
      db,
      // Ordered by the columns, not by the text copies selected (an output name would sort "11" before "9").
      sql`select p.id::text as id, p.journal_entry_id::text as entry_id, p.account_id, p.amount::text as amount,
                 floor(extract(epoch from p.created_at) * 1000000)::bigint::text as micros, encode(p.hash, 'hex') as hash
          from postings p where (p.account_id, p.id) > (${after.accountId}::integer, ${after.id.toString()}::bigint)
          order by p.account_id, p.id limit ${BATCH}`,
    );
    for (const posting of batch) {
      if (current?.accountId !== posting.account_id) {
        closeAccount();
        if (current) finished.add(current.accountId);
        current = { accountId: posting.account_id, hash: genesis };
      }
      const expected = postingHash(current.hash, { entryId: posting.entry_id, accountId: posting.account_id, amount: posting.amount, micros: posting.micros });
      if (!chainBroken && expected.toString("hex") !== posting.hash)
        chainBroken = `account ${posting.account_id}: posting ${posting.id} does not match its hash`;
      current.hash = expected;
      postingsSeen++;
    }
    if (batch.length < BATCH) break;
    const last = batch[batch.length - 1]!;
    after = { accountId: last.account_id, id: BigInt(last.id) };
  }
  closeAccount();
  if (current) finished.add(current.accountId);
  if (!chainBroken) {
    for (const [id, head] of heads) {
      if (!finished.has(id) && head !== GENESIS_HASH_HEX) {
        chainBroken = `account ${id}: it has a head but no postings`;
        break;
      }
    }
  }
  if (chainBroken) broken(chainBroken.split(":")[0]!);
  checks.push({ name: "hash chains", ok: !chainBroken, detail: chainBroken ?? `${heads.size} accounts, ${postingsSeen} postings` });

  // 2. Every entry sums to zero.
  const [unbalanced] = await rows<{ id: string }>(
    db,
    sql`select journal_entry_id::text as id from postings group by journal_entry_id having sum(amount) <> 0 order by journal_entry_id limit 1`,
  );
  if (unbalanced) broken(`entry ${unbalanced.id}`);
  checks.push({ name: "entries sum to zero", ok: !unbalanced, detail: unbalanced ? `entry ${unbalanced.id} does not sum to zero` : "every entry balances" });

  // 3. Every balance equals its postings.
  const [drift] = await rows<{ id: number; balance: string; sum: string }>(
    db,
    sql`select a.id, a.balance::text, coalesce(p.total, 0)::text as sum from ledger_accounts a
        left join (select account_id, sum(amount) as total from postings group by account_id) p on p.account_id = a.id
        where a.balance <> coalesce(p.total, 0) order by a.id limit 1`,
  );
  if (drift) broken(`account ${drift.id}`);
  checks.push({
    name: "balances equal postings",
    ok: !drift,
    detail: drift ? `account ${drift.id}: balance ${drift.balance} kobo, postings ${drift.sum} kobo` : "every balance is the sum of its postings",
  });

  // 4. No wallet below zero.
  const [negative] = await rows<{ id: number; balance: string }>(
    db,
    sql`select id, balance::text from ledger_accounts where kind <> 'system' and balance < 0 order by id limit 1`,
  );
  if (negative) broken(`account ${negative.id}`);
  checks.push({ name: "no negative wallet", ok: !negative, detail: negative ? `account ${negative.id}: ${negative.balance} kobo` : "no wallet below zero" });

  // 5. The holds account equals the money still held.
  const [held] = await rows<{ id: number | null; balance: string; open: string }>(
    db,
    sql`select (select id from ledger_accounts where code = 'holds') as id,
               coalesce((select balance from ledger_accounts where code = 'holds'), 0)::text as balance,
               coalesce((select sum(amount + fee) from holds where status = 'held'), 0)::text as open`,
  );
  const holdsOk = held !== undefined && held.balance === held.open;
  if (!holdsOk) broken(`account ${held?.id ?? "holds"}`);
  checks.push({
    name: "holds account equals open holds",
    ok: holdsOk,
    detail: `holds account ${held?.balance ?? "?"} kobo, open holds ${held?.open ?? "?"} kobo`,
  });

  // 6. Daily outgoing counters equal the day's outgoing records.
  const [counter] = await rows<{ user_id: number; day: string; counted: string; recorded: string }>(
    db,
    sql`with recorded as (
          select user_id, day, sum(amount + fee) as total from holds where status in ('held', 'settled') group by user_id, day
          union all
          select sender_id, (created_at at time zone 'Africa/Lagos')::date, sum(amount + fee) from transactions
          where sender_id is not null and status = 'completed'
            and (type = 'p2p' or (type = 'payment' and coalesce(metadata->>'channel', '') <> 'merchant_withdrawal'))
          group by 1, 2
        ), expected as (select user_id, day, sum(total) as total from recorded group by user_id, day)
        select coalesce(d.user_id, e.user_id) as user_id, coalesce(d.day, e.day)::text as day, coalesce(d.total_kobo, 0)::text as counted, coalesce(e.total, 0)::text as recorded
        from daily_outgoing d full join expected e on e.user_id = d.user_id and e.day = d.day
        where coalesce(d.total_kobo, 0) <> coalesce(e.total, 0)
        order by 1, 2 limit 1`,
  );
  if (counter) broken(`user ${counter.user_id} on ${counter.day}`);
  checks.push({
    name: "daily counters equal outgoing records",
    ok: !counter,
    detail: counter
      ? `user ${counter.user_id} on ${counter.day}: counter ${counter.counted} kobo, records ${counter.recorded} kobo`
      : "every daily counter matches",
  });

  const digest = createHash("sha256");
  for (const [id, head] of [...heads].sort((a, b) => a[0] - b[0])) digest.update(`${id}:${head}\n`);
  return { ok: checks.every((c) => c.ok), checks, firstBroken, headsDigest: digest.digest("hex"), verifiedAt: new Date() };
}

/** Stores a verification's result (the CLI, the daily reconciliation); answers the row's id. */
export async function recordLedgerVerification(db: DbOrTx, result: LedgerVerification): Promise<number> {
  const [row] = await db
    .insert(ledgerVerifications)
    .values({ ok: result.ok, checks: result.checks, firstBroken: result.firstBroken, headsDigest: result.headsDigest, createdAt: result.verifiedAt })
    .returning({ id: ledgerVerifications.id });
  return row!.id;
}

/** The latest stored verification (the admin dashboard's "last verified"), or undefined when the ledger was never verified. */
export async function latestLedgerVerification(db: DbOrTx) {
  const [row] = await db.select().from(ledgerVerifications).orderBy(desc(ledgerVerifications.createdAt), desc(ledgerVerifications.id)).limit(1);
  return row;
}
