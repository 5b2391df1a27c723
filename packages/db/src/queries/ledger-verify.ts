// The ledger verification (docs/ledger-verification.md): recomputes every account's hash chain
// in Node from the stored postings and checks the ledger's invariants, reading in batches so it
// runs at millions of postings. Used by `pnpm ledger:verify`, the daily reconciliation and tests.
import { createHash } from "node:crypto";
import { lagosDate } from "@kolo/domain";
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
  /** 'full': every chain from the genesis hash; 'incremental': each account from its checkpoint. */
  mode: "full" | "incremental";
  checks: LedgerCheck[];
  /** The first broken account or entry ('account 12', 'entry 340'), null when all holds. */
  firstBroken: string | null;
  /** Hex SHA-256 over every account's `{id}:{head hex}` line in id order: the day's fingerprint of the whole ledger. */
  headsDigest: string;
  /** The postings whose hash this run recomputed. */
  postingsVerified: number;
  /** The accounts' new checkpoints (those with postings this run read); recorded only when `ok`. */
  checkpoints: LedgerCheckpoint[];
  verifiedAt: Date;
}

/** Where an account's chain was verified up to (kobo; hash in hex). */
export interface LedgerCheckpoint {
  accountId: number;
  postingId: bigint;
  hashHex: string;
  balance: bigint;
}

/** Options of verifyLedger: `full` ignores the checkpoints and recomputes every chain from the genesis hash. */
export interface VerifyLedgerOptions {
  full?: boolean;
  /** Postings per read (5,000); tests pass a small one so an account's chain crosses reads. */
  batchSize?: number;
}

const BATCH = 5_000;
/** Accounts whose postings one query reads in an incremental run. */
const ACCOUNT_CHUNK = 1_000;
/** Journal entries one query checks for balance. */
const ENTRY_CHUNK = 10_000;

/** The hash of one posting after `previous` (docs/ledger-verification.md), as kolo_posting_hash computes it. */
export function postingHash(
  previous: Buffer,
  posting: { entryId: string | number | bigint; accountId: number; amount: string | bigint; micros: string | bigint },
): Buffer {
  return createHash("sha256").update(previous).update(`${posting.entryId}|${posting.accountId}|${posting.amount}|${posting.micros}`, "utf8").digest();
}

/** A PostgreSQL array literal of integers or hex strings (nothing that needs quoting), passed as one parameter. */
const arrayLiteral = (values: readonly (string | number | bigint)[]) => `{${values.join(",")}}`;

const rows = async <T>(db: DbOrTx, query: ReturnType<typeof sql>) => (await db.execute(query)) as unknown as T[];

type PostingRow = { id: string; entry_id: string; account_id: number; amount: string; micros: string; hash: string };
const POSTING_COLUMNS = sql`p.id::text as id, p.journal_entry_id::text as entry_id, p.account_id, p.amount::text as amount,
  floor(extract(epoch from p.created_at) * 1000000)::bigint::text as micros, encode(p.hash, 'hex') as hash`;

/** An account's chain being recomputed: from the genesis hash and 0, or from its checkpoint. */
interface ChainState {
  accountId: number;
  head: string;
  balance: bigint;
  hash: Buffer;
  sum: bigint;
  lastPostingId: bigint | null;
}

/**
 * Verifies the ledger (docs/ledger-verification.md) and answers every check with a detail line,
 * `ok` when all hold, the first broken account or entry, the digest of all heads and the new
 * checkpoints. Reads only; never throws for a broken ledger.
 *
 * Full (`{full: true}`, or when no checkpoint exists): recomputes every chain (postings in id order
 * per account, from the genesis hash) and checks each journal entry sums to zero, each account's
 * balance equals its postings, no wallet is negative, the `holds` account equals the open holds
 * (amount + fee of holds still held), and each user's daily outgoing counter equals that day's
 * outgoing records (holds held or settled, P2P transfers and merchant or invoice payments sent
 * without a hold, by the Lagos day they were counted on).
 *
 * Incremental (the default once a run has recorded checkpoints): only the accounts whose head or
 * balance moved since their checkpoint are read, each from its checkpoint's hash and sum, with the
 * entries of the postings read; the counters from the day before the last verification on; the
 * negative-wallet and holds checks are on maintained totals and run whole. What came before the
 * checkpoints is trusted: `--full` is what re-reads it.
 *
 * Every read runs in one read-only REPEATABLE READ transaction, so a live system's movements
 * during the run are either wholly seen or not at all (given a transaction, it reads in that one).
 */
export async function verifyLedger(db: DbOrTx, options: VerifyLedgerOptions = {}): Promise<LedgerVerification> {
  return db.transaction((tx) => verifyIn(tx, options), { isolationLevel: "repeatable read", accessMode: "read only" });
}

async function verifyIn(db: DbOrTx, options: VerifyLedgerOptions): Promise<LedgerVerification> {
  const [last] = await rows<{ created_at: Date | string | null; checkpoints: boolean }>(
    db,
    sql`select (select max(created_at) from ledger_verifications where ok) as created_at,
               exists (select 1 from ledger_checkpoints) as checkpoints`,
  );
  const mode: LedgerVerification["mode"] = options.full || !last?.checkpoints || !last.created_at ? "full" : "incremental";
  const checks: LedgerCheck[] = [];
  let firstBroken: string | null = null;
  const broken = (what: string) => (firstBroken ??= what);

  // 1. Hash chains (and, incrementally, each account's balance against its postings).
  const batchSize = options.batchSize ?? BATCH;
  const chains = mode === "full" ? await fullChains(db, batchSize) : await incrementalChains(db, batchSize);
  if (chains.broken) broken(chains.broken.split(":")[0]!);
  checks.push({
    name: "hash chains",
    ok: !chains.broken,
    detail: chains.broken ?? `${chains.accounts} accounts${mode === "incremental" ? " moved since their checkpoint" : ""}, ${chains.postings} postings`,
  });

  // 2. Every entry sums to zero.
  let unbalanced: string | undefined;
  if (mode === "full") {
    [unbalanced] = (
      await rows<{ id: string }>(
        db,
        sql`select journal_entry_id::text as id from postings group by journal_entry_id having sum(amount) <> 0 order by journal_entry_id limit 1`,
      )
    ).map((row) => row.id);
  } else {
    const entries = [...chains.entries].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    for (let at = 0; at < entries.length && !unbalanced; at += ENTRY_CHUNK) {
      const chunk = entries.slice(at, at + ENTRY_CHUNK);
      [unbalanced] = (
        await rows<{ id: string }>(
          db,
          sql`select journal_entry_id::text as id from postings where journal_entry_id = any(${arrayLiteral(chunk)}::bigint[])
              group by journal_entry_id having sum(amount) <> 0 order by journal_entry_id limit 1`,
        )
      ).map((row) => row.id);
    }
  }
  if (unbalanced) broken(`entry ${unbalanced}`);
  checks.push({ name: "entries sum to zero", ok: !unbalanced, detail: unbalanced ? `entry ${unbalanced} does not sum to zero` : "every entry balances" });

  // 3. Every balance equals its postings (incrementally: checked with the chains, from the checkpoint's sum).
  const drift =
    mode === "full"
      ? (
          await rows<{ id: number; balance: string; sum: string }>(
            db,
            sql`select a.id, a.balance::text, coalesce(p.total, 0)::text as sum from ledger_accounts a
                left join (select account_id, sum(amount) as total from postings group by account_id) p on p.account_id = a.id
                where a.balance <> coalesce(p.total, 0) order by a.id limit 1`,
          )
        )[0]
      : chains.drift;
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

  // 5b. The liens account equals the fraud claims' liens in force (docs/product.md "Fraud claims").
  const [liens] = await rows<{ id: number | null; balance: string; open: string }>(
    db,
    sql`select (select id from ledger_accounts where code = 'liens') as id,
               coalesce((select balance from ledger_accounts where code = 'liens'), 0)::text as balance,
               coalesce((select sum(lien_amount) from fraud_claims where status = 'lien'), 0)::text as open`,
  );
  const liensOk = liens !== undefined && liens.balance === liens.open;
  if (!liensOk) broken(`account ${liens?.id ?? "liens"}`);
  checks.push({
    name: "liens account equals liens in force",
    ok: liensOk,
    detail: `liens account ${liens?.balance ?? "?"} kobo, liens in force ${liens?.open ?? "?"} kobo`,
  });

  // 6. Daily outgoing counters equal the day's outgoing records (incrementally: from the day before the last verification).
  const since = mode === "full" ? "-infinity" : lagosDate(new Date(new Date(last!.created_at!).getTime() - 86_400_000));
  const [counter] = await rows<{ user_id: number; day: string; counted: string; recorded: string }>(
    db,
    sql`with recorded as (
          select user_id, day, sum(amount + fee) as total from holds
          where status in ('held', 'settled') and day >= ${since}::date group by user_id, day
          union all
          select t.sender_id, (t.created_at at time zone 'Africa/Lagos')::date, sum(t.amount + t.fee) from transactions t
          where t.sender_id is not null and t.status = 'completed'
            and t.created_at >= (${since}::date::timestamp at time zone 'Africa/Lagos')
            and (t.type = 'p2p' or (t.type = 'payment' and coalesce(t.metadata->>'channel', '') <> 'merchant_withdrawal'))
            -- A payment held for review and released is counted by its hold, above: not twice.
            and not exists (select 1 from holds h where h.reference = t.reference)
          group by 1, 2
        ), expected as (select user_id, day, sum(total) as total from recorded group by user_id, day),
        counted as (select user_id, day, total_kobo from daily_outgoing where day >= ${since}::date)
        select coalesce(d.user_id, e.user_id) as user_id, coalesce(d.day, e.day)::text as day, coalesce(d.total_kobo, 0)::text as counted, coalesce(e.total, 0)::text as recorded
        from counted d full join expected e on e.user_id = d.user_id and e.day = d.day
        where coalesce(d.total_kobo, 0) <> coalesce(e.total, 0)
        order by 1, 2 limit 1`,
  );
  if (counter) broken(`user ${counter.user_id} on ${counter.day}`);
  checks.push({
    name: "daily counters equal outgoing records",
    ok: !counter,
    detail: counter
      ? `user ${counter.user_id} on ${counter.day}: counter ${counter.counted} kobo, records ${counter.recorded} kobo`
      : mode === "full"
        ? "every daily counter matches"
        : `every daily counter since ${since} matches`,
  });

  const digest = createHash("sha256");
  for (const { id, head } of await rows<{ id: number; head: string }>(db, sql`select id, encode(head_hash, 'hex') as head from ledger_accounts order by id`)) {
    digest.update(`${id}:${head}\n`);
  }
  return {
    ok: checks.every((c) => c.ok),
    mode,
    checks,
    firstBroken,
    headsDigest: digest.digest("hex"),
    postingsVerified: chains.postings,
    checkpoints: chains.checkpoints,
    verifiedAt: new Date(),
  };
}

interface ChainsResult {
  /** 'account N: …' for the first broken chain, else null. */
  broken: string | null;
  accounts: number;
  postings: number;
  entries: Set<bigint>;
  drift: { id: number; balance: string; sum: string } | undefined;
  checkpoints: LedgerCheckpoint[];
}

/**
 * Walks postings (already in account, id order) through each account's chain state, calling
 * `close` when an account's run ends. Answers the first mismatch found, if any.
 */
function walk(batch: PostingRow[], states: (accountId: number) => ChainState, close: (state: ChainState) => void, result: ChainsResult): ChainState | null {
  let current: ChainState | null = null;
  for (const posting of batch) {
    if (current?.accountId !== posting.account_id) {
      if (current) close(current);
      current = states(posting.account_id);
    }
    const expected = postingHash(current.hash, { entryId: posting.entry_id, accountId: posting.account_id, amount: posting.amount, micros: posting.micros });
    if (!result.broken && expected.toString("hex") !== posting.hash)
      result.broken = `account ${posting.account_id}: posting ${posting.id} does not match its hash`;
    current.hash = expected;
    current.sum += BigInt(posting.amount);
    current.lastPostingId = BigInt(posting.id);
    result.entries.add(BigInt(posting.entry_id));
    result.postings++;
  }
  return current;
}

/** Every account's chain from the genesis hash. */
async function fullChains(db: DbOrTx, batchSize: number): Promise<ChainsResult> {
  const result: ChainsResult = { broken: null, accounts: 0, postings: 0, entries: new Set(), drift: undefined, checkpoints: [] };
  const accounts = new Map<number, { head: string; balance: bigint }>();
  for (const account of await rows<{ id: number; head: string; balance: string }>(
    db,
    sql`select id, encode(head_hash, 'hex') as head, balance::text from ledger_accounts order by id`,
  )) {
    accounts.set(account.id, { head: account.head, balance: BigInt(account.balance) });
  }
  result.accounts = accounts.size;
  const genesis = Buffer.from(GENESIS_HASH_HEX, "hex");
  const finished = new Set<number>();
  const close = (state: ChainState) => {
    finished.add(state.accountId);
    if (!result.broken && state.head !== state.hash.toString("hex")) result.broken = `account ${state.accountId}: its head is not the hash of its last posting`;
    if (state.lastPostingId !== null)
      result.checkpoints.push({ accountId: state.accountId, postingId: state.lastPostingId, hashHex: state.hash.toString("hex"), balance: state.sum });
  };
  const states = (accountId: number): ChainState => ({
    accountId,
    head: accounts.get(accountId)?.head ?? "",
    balance: accounts.get(accountId)?.balance ?? 0n,
    hash: genesis,
    sum: 0n,
    lastPostingId: null,
  });
  let after = { accountId: 0, id: 0n };
  let open: ChainState | null = null;
  for (;;) {
    const batch = await rows<PostingRow>(
      db,
      // Ordered by the columns, not by the text copies selected (an output name would sort "11" before "9").
      sql`select ${POSTING_COLUMNS} from postings p where (p.account_id, p.id) > (${after.accountId}::integer, ${after.id.toString()}::bigint)
          order by p.account_id, p.id limit ${batchSize}`,
    );
    // An account's run may continue from the previous read: its state carries over, else it ends here.
    let carried: ChainState | null = open;
    if (carried && batch[0]?.account_id !== carried.accountId) {
      close(carried);
      carried = null;
    }
    open = walk(batch, (id) => (carried?.accountId === id ? carried : states(id)), close, result);
    if (batch.length < batchSize) break;
    const lastRow = batch[batch.length - 1]!;
    after = { accountId: lastRow.account_id, id: BigInt(lastRow.id) };
  }
  if (open) close(open);
  // The entries are checked whole in a full run; the set is not needed.
  result.entries.clear();
  if (!result.broken) {
    for (const [id, account] of accounts) {
      if (!finished.has(id) && account.head !== GENESIS_HASH_HEX) {
        result.broken = `account ${id}: it has a head but no postings`;
        break;
      }
    }
  }
  return result;
}

/** The chains of the accounts whose head or balance moved since their checkpoint, each from there. */
async function incrementalChains(db: DbOrTx, batchSize: number): Promise<ChainsResult> {
  const result: ChainsResult = { broken: null, accounts: 0, postings: 0, entries: new Set(), drift: undefined, checkpoints: [] };
  const moved = await rows<{ id: number; head: string; balance: string; after: string | null; hash: string | null; sum: string | null }>(
    db,
    sql`select a.id, encode(a.head_hash, 'hex') as head, a.balance::text, c.posting_id::text as after, encode(c.hash, 'hex') as hash, c.balance::text as sum
        from ledger_accounts a left join ledger_checkpoints c on c.account_id = a.id
        where (c.account_id is null and (a.head_hash <> decode(${GENESIS_HASH_HEX}, 'hex') or a.balance <> 0))
           or c.hash <> a.head_hash or c.balance <> a.balance
        order by a.id`,
  );
  result.accounts = moved.length;
  const genesis = Buffer.from(GENESIS_HASH_HEX, "hex");
  const byId = new Map(moved.map((account) => [account.id, account]));
  const seen = new Set<number>();
  const close = (state: ChainState) => {
    seen.add(state.accountId);
    if (!result.broken && state.head !== state.hash.toString("hex")) result.broken = `account ${state.accountId}: its head is not the hash of its last posting`;
    if (!result.drift && state.balance !== state.sum) result.drift = { id: state.accountId, balance: state.balance.toString(), sum: state.sum.toString() };
    if (state.lastPostingId !== null)
      result.checkpoints.push({ accountId: state.accountId, postingId: state.lastPostingId, hashHex: state.hash.toString("hex"), balance: state.sum });
  };
  const states = (accountId: number): ChainState => {
    const account = byId.get(accountId)!;
    return {
      accountId,
      head: account.head,
      balance: BigInt(account.balance),
      hash: account.hash ? Buffer.from(account.hash, "hex") : genesis,
      sum: BigInt(account.sum ?? "0"),
      lastPostingId: null,
    };
  };
  for (let at = 0; at < moved.length; at += ACCOUNT_CHUNK) {
    const chunk = moved.slice(at, at + ACCOUNT_CHUNK);
    const ids = chunk.map((account) => account.id);
    const afters = chunk.map((account) => account.after ?? "0");
    let after = { accountId: 0, id: 0n };
    let open: ChainState | null = null;
    for (;;) {
      const batch = await rows<PostingRow>(
        db,
        sql`select ${POSTING_COLUMNS}
            from unnest(${arrayLiteral(ids)}::integer[], ${arrayLiteral(afters)}::bigint[]) as c(account_id, after_id)
            join postings p on p.account_id = c.account_id and p.id > c.after_id
            where (p.account_id, p.id) > (${after.accountId}::integer, ${after.id.toString()}::bigint)
            order by p.account_id, p.id limit ${batchSize}`,
      );
      // An account's run may continue from the previous read: its state carries over, else it ends here.
      let carried: ChainState | null = open;
      if (carried && batch[0]?.account_id !== carried.accountId) {
        close(carried);
        carried = null;
      }
      open = walk(batch, (id) => (carried?.accountId === id ? carried : states(id)), close, result);
      if (batch.length < batchSize) break;
      const lastRow = batch[batch.length - 1]!;
      after = { accountId: lastRow.account_id, id: BigInt(lastRow.id) };
    }
    if (open) close(open);
    // A moved account with no posting after its checkpoint: its head or balance changed without one.
    for (const account of chunk) if (!seen.has(account.id)) close(states(account.id));
  }
  return result;
}

/**
 * Stores a verification's result (the CLI, the daily reconciliation) and, when it passed, moves
 * the checkpoints of the accounts it read forward; answers the row's id.
 */
export async function recordLedgerVerification(db: DbOrTx, result: LedgerVerification): Promise<number> {
  const [row] = await db
    .insert(ledgerVerifications)
    .values({
      ok: result.ok,
      checks: result.checks,
      firstBroken: result.firstBroken,
      headsDigest: result.headsDigest,
      mode: result.mode,
      createdAt: result.verifiedAt,
    })
    .returning({ id: ledgerVerifications.id });
  // Checkpoints only from a run that passed, and only forward: a later run starts from them.
  if (result.ok) {
    for (let at = 0; at < result.checkpoints.length; at += BATCH) {
      const chunk = result.checkpoints.slice(at, at + BATCH);
      await db.execute(sql`
        insert into ledger_checkpoints (account_id, posting_id, hash, balance, verified_at)
        select c.account_id, c.posting_id, decode(c.hash, 'hex'), c.balance, ${result.verifiedAt.toISOString()}::timestamptz
        from unnest(${arrayLiteral(chunk.map((c) => c.accountId))}::integer[], ${arrayLiteral(chunk.map((c) => c.postingId))}::bigint[],
                    ${arrayLiteral(chunk.map((c) => c.hashHex))}::text[], ${arrayLiteral(chunk.map((c) => c.balance))}::bigint[]) as c(account_id, posting_id, hash, balance)
        on conflict (account_id) do update set posting_id = excluded.posting_id, hash = excluded.hash, balance = excluded.balance, verified_at = excluded.verified_at
        where excluded.posting_id > ledger_checkpoints.posting_id`);
    }
  }
  return row!.id;
}

/** The latest stored verification (the admin dashboard's "last verified"), or undefined when the ledger was never verified. */
export async function latestLedgerVerification(db: DbOrTx) {
  const [row] = await db.select().from(ledgerVerifications).orderBy(desc(ledgerVerifications.createdAt), desc(ledgerVerifications.id)).limit(1);
  return row;
}
