// `seed:scale` (docs/performance.md "At scale"): fills a database with a large, consistent Kolo —
// users at every verification level with wallets, account numbers, saved bank accounts,
// beneficiaries and PINs; merchants with invoices and payments; support tickets; and transactions
// of every kind spread over months, with their journal entries, postings, holds, hash chains,
// balances and daily counters, so `ledger:verify --full` accepts the result. Loads with COPY and
// set-based SQL; records each finished step in `seed_scale_progress`, so a killed run resumes.
import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { CHECKOUT_EXPIRED, TOPUP_CHECKOUT_LIFETIME_MS } from "@kolo/api";
import { SYSTEM_ACCOUNTS, payoutFeeKobo } from "@kolo/domain";
import postgres from "postgres";

/** What to create: `users` users, `transactions` transaction records over the last `months` months (30 days each). */
export interface SeedScaleOptions {
  users: number;
  transactions: number;
  months: number;
  /** Fill a database that already holds non-seed users or transactions (refused otherwise). */
  force?: boolean;
  /** Transaction records per ledger batch (one database transaction each; 50,000). */
  batchSize?: number;
  /** Progress lines (console.log by default). */
  log?: (line: string) => void;
  /** Tests: stop (as a kill would) once this many ledger batches are written in this run. */
  stopAfterBatches?: number;
  /** The hash of the one password and of the one PIN every seed user shares (hashed once by the caller). */
  passwordHash: string;
  pinHash: string;
}

/** Per phase: rows written and seconds taken in this run. */
export type SeedScaleReport = { phase: string; rows: number; seconds: number }[];

/** The password every seed user signs in with (development databases only; docs/performance.md "At scale"). */
export const SEED_SCALE_PASSWORD = "ScaleSeed2026!";
/** The transaction PIN of every seed user at level 1 or 2. */
export const SEED_SCALE_PIN = "4826";
/** The busiest user (far more transactions than the rest): the 12-month statement of the benchmarks. */
export const SEED_SCALE_BUSIEST_EMAIL = "busiest.user@example.com";

const FIRST = [
  "Adaeze",
  "Chinedu",
  "Ngozi",
  "Emeka",
  "Funmilayo",
  "Tunde",
  "Aisha",
  "Ibrahim",
  "Yetunde",
  "Olumide",
  "Chiamaka",
  "Obinna",
  "Halima",
  "Musa",
  "Bisi",
  "Kelechi",
  "Zainab",
  "Segun",
  "Ifeoma",
  "Uche",
  "Amina",
  "Babatunde",
  "Nneka",
  "Femi",
  "Hauwa",
  "Ikechukwu",
  "Temitope",
  "Sani",
  "Oluwaseun",
  "Chidinma",
  "Abubakar",
  "Folake",
  "Eze",
  "Nkechi",
  "Usman",
  "Damilola",
  "Tobi",
  "Blessing",
  "Godwin",
  "Precious",
  "Chukwuma",
  "Ronke",
  "Yusuf",
  "Kemi",
  "Ada",
  "Gbenga",
  "Maryam",
  "Ebuka",
];
const LAST = [
  "Okafor",
  "Adeyemi",
  "Bello",
  "Okonkwo",
  "Abubakar",
  "Ogunleye",
  "Eze",
  "Balogun",
  "Nwosu",
  "Ibrahim",
  "Adebayo",
  "Uche",
  "Mohammed",
  "Olawale",
  "Chukwu",
  "Danjuma",
  "Afolabi",
  "Obi",
  "Lawal",
  "Onyekachi",
  "Suleiman",
  "Akinwale",
  "Nnamdi",
  "Yusuf",
  "Ogundipe",
  "Anyanwu",
  "Garba",
  "Oyelaran",
  "Ezeani",
  "Okeke",
  "Salami",
  "Umar",
  "Adeleke",
  "Iwu",
  "Bakare",
  "Okoro",
];
const DOMAINS = ["example.com", "example.org", "example.net"];
const PREFIXES = ["803", "806", "813", "816", "703", "706", "810", "814", "903", "906", "805", "807", "815", "705", "905", "802", "808", "812"];
const BUSINESS = ["Kitchen", "Stores", "Pharmacy", "Fashion", "Electronics", "Bakery", "Salon", "Motors", "Supermarket", "Gadgets", "Foods", "Prints"];
const CATEGORIES = ["Retail", "Food", "Health", "Fashion", "Electronics", "Services"];
const BANKS = [
  { name: "Access Bank", code: "044" },
  { name: "Guaranty Trust Bank", code: "058" },
  { name: "First Bank of Nigeria", code: "011" },
  { name: "United Bank For Africa", code: "033" },
  { name: "Zenith Bank", code: "057" },
];
const NETWORKS = ["MTN", "Airtel", "Glo", "9mobile"];
const DISCOS = [
  { id: "ikeja-electric", name: "Ikeja Electric" },
  { id: "eko-electric", name: "Eko Electric" },
  { id: "abuja-electric", name: "Abuja Electric" },
];
const CABLES = [
  { name: "DStv", plan: "DStv Compact", code: "dstv-compact" },
  { name: "GOtv", plan: "GOtv Max", code: "gotv-max" },
  { name: "StarTimes", plan: "StarTimes Basic", code: "startimes-basic" },
];

/** One seed user, from its number g (1-based): the same in every run, so ids, names and e-mails are derived, never stored aside. */
export function seedUser(g: number, merchants: number) {
  const first = FIRST[(g * 7 + Math.floor(g / 13)) % FIRST.length]!;
  const last = LAST[(g * 11 + Math.floor(g / 7)) % LAST.length]!;
  const busiest = g === 1;
  return {
    name: busiest ? "Busola Adeyemi" : `${first} ${last}`,
    email: busiest ? SEED_SCALE_BUSIEST_EMAIL : `${first}.${last}${g}@${DOMAINS[g % DOMAINS.length]}`.toLowerCase(),
    phone: `0${PREFIXES[g % PREFIXES.length]}${String(Math.floor(g / PREFIXES.length)).padStart(7, "0")}`,
    // Levels 0, 1 and 2 (users_verification_level_range): 30%, 40%, 30%; the busiest user and merchants at 2.
    level: busiest || isMerchant(g, merchants) ? 2 : g % 10 < 3 ? 0 : g % 10 < 7 ? 1 : 2,
    role: isMerchant(g, merchants) ? ("merchant" as const) : ("personal" as const),
  };
}
const isMerchant = (g: number, merchants: number) => g >= 2 && g < 2 + merchants;
/** Merchant number m (1-based) belongs to seed user m + 1. */
const merchantName = (m: number) => `${FIRST[m % FIRST.length]}'s ${BUSINESS[(m * 5) % BUSINESS.length]}`;
/** Invoice number k (1-based): its amount in kobo, the same in SQL (phase invoices) and here. */
const invoiceKobo = (k: number) => (1_000 + ((k * 7_919) % 49_000)) * 100;

/** Merchants for `users` users: a few thousand at a million (one per 400 users), at least 3. */
export const merchantCount = (users: number) => Math.max(3, Math.min(5_000, Math.floor(users / 400)));
const invoiceCount = (transactions: number) => Math.max(10, Math.floor(transactions / 100));

export interface Config {
  users: number;
  transactions: number;
  months: number;
  batchSize: number;
  endMs: number;
  userBase: number;
  accountBase: number;
  merchantBase: number;
  invoiceBase: number;
  transactionBase: number;
  entryBase: number;
  postingBase: number;
  holdBase: number;
  /** System account code -> [id, head hex, balance kobo] when the run began. */
  system: Record<string, [number, string, string]>;
  indexes: { name: string; def: string }[];
  /** The unique constraints of those tables (not primary keys), dropped with them and added back after the load. */
  uniques: { table: string; name: string; def: string }[];
}

/**
 * Tables whose secondary indexes and unique constraints are dropped for the load and rebuilt after
 * it (one sort each instead of a B-tree insert per row); primary keys stay (ids grow, so appends).
 */
const LOAD_TABLES = ["users", "transactions", "journal_entries", "postings", "holds"];

const DAY_MS = 86_400_000;
/** The Lagos day (UTC+1, no daylight saving) of an instant, as 'YYYY-MM-DD'. */
const lagosDay = (ms: number) => new Date(ms + 3_600_000).toISOString().slice(0, 10);
let isoMs = Number.NaN;
let isoText = "";
/** An instant as ISO 8601 (UTC, milliseconds); remembers the last one (an entry's postings share their time). */
const iso = (ms: number) => {
  if (ms !== isoMs) {
    isoMs = ms;
    isoText = new Date(ms).toISOString();
  }
  return isoText;
};
/** COPY text format: a value, or \N for null; the values written here never hold tabs, newlines or backslashes. */
const field = (value: string | number | null) => (value === null ? "\\N" : String(value));

/** A small, fast, seeded PRNG (mulberry32): the same batch number gives the same batch. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * Fills the database at `url` (migrated already: prepareDatabase) with a large consistent Kolo;
 * resumes from `seed_scale_progress` when a run was stopped. Throws when the database holds
 * non-seed data and `force` is not set, or when a stopped run was started with other sizes.
 * Answers rows and seconds per phase of this run.
 */
export async function seedScale(url: string, options: SeedScaleOptions): Promise<SeedScaleReport> {
  const log = options.log ?? ((line: string) => console.log(line));
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  const report: SeedScaleReport = [];
  try {
    await sql`create table if not exists seed_scale_progress (step text primary key, detail jsonb not null default '{}', done_at timestamptz not null default now())`;
    const done = new Set((await sql<{ step: string }[]>`select step from seed_scale_progress`).map((row) => row.step));
    const config = await loadConfig(sql, options, done.has("config"));
    done.add("config");
    const timed = async (phase: string, work: () => Promise<number>) => {
      if (done.has(phase)) return;
      const started = performance.now();
      const rows = await work();
      const seconds = (performance.now() - started) / 1000;
      report.push({ phase, rows, seconds });
      log(
        `${phase}: ${rows.toLocaleString("en")} rows in ${seconds.toFixed(1)} s (${Math.round(rows / Math.max(seconds, 0.001)).toLocaleString("en")} rows/s)`,
      );
    };
    const step = async (name: string, work: (tx: postgres.TransactionSql) => Promise<number>) =>
      timed(name, () =>
        sql.begin<number>(async (tx) => {
          // No row triggers (events, money alerts, kept counts) nor foreign-key checks during the load: see docs/performance.md "At scale".
          await tx`set local session_replication_role = replica`;
          const rows = await work(tx);
          await tx`insert into seed_scale_progress (step) values (${name})`;
          return rows;
        }),
      );

    await step("drop-indexes", async (tx) => {
      for (const index of config.indexes) await tx.unsafe(`drop index if exists ${index.name}`);
      for (const unique of config.uniques) await tx.unsafe(`alter table ${unique.table} drop constraint if exists "${unique.name}"`);
      return config.indexes.length + config.uniques.length;
    });
    const merchants = merchantCount(config.users);
    const USER_CHUNK = 100_000;
    for (let from = 1; from <= config.users; from += USER_CHUNK) {
      const to = Math.min(config.users, from + USER_CHUNK - 1);
      await step(`users:${from}`, async (tx) => {
        const lines: string[] = [];
        for (let g = from; g <= to; g++) {
          const u = seedUser(g, merchants);
          const created = iso(config.endMs - (config.months * 30 + 30) * DAY_MS - (g % 365) * DAY_MS);
          const merchantId = u.role === "merchant" ? config.merchantBase + g - 1 : null;
          lines.push(
            `${config.userBase + g}\t${u.name}\t${u.email}\t${u.phone}\t${options.passwordHash}\t${u.role}\t${u.level}\t${field(merchantId)}\t${created}\t${created}\n`,
          );
        }
        await copy(tx, "users (id, name, email, phone, password_hash, role, verification_level, merchant_id, created_at, updated_at)", lines);
        return lines.length;
      });
    }
    await step("accounts", (tx) => seedAccounts(tx, config, merchants, options));

    // The ledger, in batches of transaction records; each batch's rows and its progress row commit together.
    const ledger = new LedgerGenerator(config, merchants);
    const batches = Math.ceil(config.transactions / config.batchSize);
    const ledgerDone = done.has("balances");
    // Batch b+1 is generated (yielding now and then) while batch b's COPY streams: PostgreSQL and
    // Node work at once. A batch's rows and its progress row commit together.
    let writing: Promise<void> | null = null;
    let written = 0;
    const ledgerStarted = performance.now();
    const write = async (b: number, out: BatchOut, generated: number) => {
      const started = performance.now();
      await sql.begin(async (tx) => {
        await tx`set local session_replication_role = replica`;
        await tx`set local synchronous_commit = off`;
        await copy(
          tx,
          "transactions (id, type, amount, fee, status, reference, description, sender_id, recipient_id, metadata, created_at, updated_at)",
          out.transactions,
        );
        await copy(tx, "journal_entries (id, idempotency_key, kind, description, transaction_id, created_at)", out.entries);
        await copy(tx, "postings (id, journal_entry_id, account_id, amount, balance_after, created_at, hash)", out.postings);
        await copy(
          tx,
          "holds (id, reference, wallet_account_id, user_id, transaction_id, amount, fee, day, status, hold_entry_id, final_entry_id, created_at, updated_at)",
          out.holds,
        );
        await tx`insert into seed_scale_progress (step) values (${`ledger:${b}`})`;
      });
      const rows = out.transactions.length + out.entries.length + out.postings.length + out.holds.length;
      const total = report.find((r) => r.phase === "ledger") ?? { phase: "ledger", rows: 0, seconds: 0 };
      if (total.rows === 0) report.push(total);
      total.rows += rows;
      total.seconds = (performance.now() - ledgerStarted) / 1000;
      log(
        `ledger batch ${b + 1}/${batches}: ${out.transactions.length} transactions, ${out.entries.length} entries, ${out.postings.length} postings, ${out.holds.length} holds; generated in ${generated.toFixed(1)} s, written in ${((performance.now() - started) / 1000).toFixed(1)} s; ledger so far ${Math.round(total.rows / total.seconds).toLocaleString("en")} rows/s`,
      );
    };
    for (let b = 0; b < batches && !ledgerDone; b++) {
      if (done.has(`ledger:${b}`)) {
        await ledger.batch(b, false);
        continue;
      }
      if (options.stopAfterBatches !== undefined && written >= options.stopAfterBatches) break;
      const started = performance.now();
      const out = (await ledger.batch(b, true))!;
      const generated = (performance.now() - started) / 1000;
      await writing;
      writing = write(b, out, generated);
      // Awaited before the next batch is written; marked handled so a failure meanwhile is not reported twice.
      writing.catch(() => undefined);
      written++;
    }
    await writing;
    if (options.stopAfterBatches !== undefined && written >= options.stopAfterBatches && !ledgerDone) {
      const remaining = Array.from({ length: batches }, (_, b) => b).filter((b) => !done.has(`ledger:${b}`)).length;
      if (remaining > written) return report;
    }
    await step("balances", (tx) => writeBalances(tx, ledger));
    await step("daily-counters", (tx) => dailyCounters(tx, config));
    await step("invoices-paid", async (tx) => {
      const paid = await tx`
        update invoices i set amount_paid = i.amount, status = 'paid', updated_at = p.created_at
        from (select (metadata->>'invoiceId')::int as id, max(created_at) as created_at from transactions
              where id > ${config.transactionBase} and type = 'payment' and metadata ? 'invoiceId' group by 1) p
        where i.id = p.id`;
      return paid.count;
    });
    // The admin list's maintained tab counts: their triggers were off during the load, so recounted whole.
    await step("transaction-counts", async (tx) => {
      await tx`select kolo_recount_transactions()`;
      return 16;
    });
    // The same for the users per verification level (the admin console's header and user list).
    await step("user-counts", async (tx) => {
      await tx`select kolo_recount_users()`;
      return 16;
    });
    // The admin search's words (kolo_index_user_search) were not written either: rebuilt from the users.
    await step("user-search", async (tx) => {
      await tx`select kolo_rebuild_user_search()`;
      const [row] = await tx<{ n: number }[]>`select count(*)::int as n from user_search_words`;
      return row!.n;
    });
    await timed("indexes", async () => {
      await sql`set maintenance_work_mem = '512MB'`;
      for (const index of config.indexes) await sql.unsafe(index.def.replace(/^CREATE (UNIQUE )?INDEX /, "CREATE $1INDEX IF NOT EXISTS "));
      // Adding a unique constraint back also proves the load wrote no reference or key twice.
      const present = new Set((await sql<{ name: string }[]>`select conname as name from pg_constraint where contype = 'u'`).map((row) => row.name));
      for (const unique of config.uniques)
        if (!present.has(unique.name)) await sql.unsafe(`alter table ${unique.table} add constraint "${unique.name}" ${unique.def}`);
      await sql`insert into seed_scale_progress (step) values ('indexes')`;
      return config.indexes.length + config.uniques.length;
    });
    await step("sequences", async (tx) => {
      for (const table of [
        "users",
        "ledger_accounts",
        "merchants",
        "invoices",
        "bank_accounts",
        "beneficiaries",
        "support_tickets",
        "ticket_replies",
        "transactions",
        "journal_entries",
        "postings",
        "holds",
      ]) {
        await tx.unsafe(`select setval(pg_get_serial_sequence('${table}', 'id'), greatest((select max(id) from ${table}), 1))`);
      }
      return 12;
    });
    // VACUUM as well as ANALYZE: no page of a freshly loaded table is marked all-visible, so the
    // index-only reads (History's search, the admin search's words) would visit the table until
    // autovacuum came by.
    await timed("vacuum", async () => {
      await sql`vacuum (analyze)`;
      await sql`insert into seed_scale_progress (step) values ('vacuum')`;
      return 0;
    });
    return report;
  } finally {
    await sql.end();
  }
}

/**
 * COPY text rows, joined a thousand at a time as they come: the short-lived row strings die young
 * (cheap to collect) and only the joined chunks live until the batch is written.
 */
class Lines {
  readonly chunks: string[] = [];
  private current: string[] = [];
  length = 0;
  push(line: string) {
    this.current.push(line);
    this.length++;
    if (this.current.length === 1_000) this.flush();
  }
  flush(): string[] {
    if (this.current.length > 0) this.chunks.push(this.current.join(""));
    this.current = [];
    return this.chunks;
  }
}

/** Streams `lines` (COPY text rows, each ending in a newline) into `target` ("table (columns)"). */
async function copy(tx: postgres.TransactionSql, target: string, lines: Lines | string[]) {
  if (lines.length === 0) return;
  const writable = await tx.unsafe(`copy ${target} from stdin`).writable();
  await pipeline(Readable.from(Array.isArray(lines) ? [lines.join("")] : lines.flush()), writable);
}

/** Reads the stopped run's configuration, or checks the database and records a new one. */
async function loadConfig(sql: postgres.Sql, options: SeedScaleOptions, resuming: boolean): Promise<Config> {
  const where = (
    await sql<
      { where: string }[]
    >`select current_database() || ' on ' || coalesce(host(inet_server_addr()), 'a local socket') || ':' || current_setting('port') as where`
  )[0]!.where;
  if (resuming) {
    const [row] = await sql<{ detail: Config }[]>`select detail from seed_scale_progress where step = 'config'`;
    const config = row!.detail;
    if (config.users !== options.users || config.transactions !== options.transactions || config.months !== options.months) {
      throw new Error(
        `A seed:scale run with --users ${config.users} --transactions ${config.transactions} --months ${config.months} was stopped in this database: run it again with those sizes`,
      );
    }
    (options.log ?? console.log)(`Resuming seed:scale in database ${where}`);
    return config;
  }
  const [existing] = await sql<{ users: number; transactions: number }[]>`
    select (select count(*)::int from users where email not like '%@kolo.test') as users, (select count(*)::int from transactions) as transactions`;
  if ((existing!.users > 0 || existing!.transactions > 0) && !options.force) {
    throw new Error(
      `Database ${where} already holds ${existing!.users} users and ${existing!.transactions} transactions besides the demo sign-ins: seed:scale fills only an empty one (--force to add to it)`,
    );
  }
  const [bases] = await sql<Record<string, string>[]>`
    select (select coalesce(max(id), 0) from users)::text as users, (select coalesce(max(id), 0) from ledger_accounts)::text as accounts,
           (select coalesce(max(id), 0) from merchants)::text as merchants, (select coalesce(max(id), 0) from invoices)::text as invoices,
           (select coalesce(max(id), 0) from transactions)::text as transactions, (select coalesce(max(id), 0) from journal_entries)::text as entries,
           (select coalesce(max(id), 0) from postings)::text as postings, (select coalesce(max(id), 0) from holds)::text as holds`;
  const system: Config["system"] = {};
  for (const row of await sql<{ code: string; id: number; head: string; balance: string }[]>`
    select code, id, encode(head_hash, 'hex') as head, balance::text from ledger_accounts where kind = 'system'`) {
    system[row.code] = [row.id, row.head, row.balance];
  }
  for (const code of Object.values(SYSTEM_ACCOUNTS)) if (!system[code]) throw new Error(`System account ${code} is missing: migrate the database first`);
  const indexes = await sql<{ name: string; def: string }[]>`
    select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
    from pg_index i join pg_class c on c.oid = i.indrelid
    where c.relnamespace = 'public'::regnamespace and c.relname = any(${LOAD_TABLES})
      and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)
    order by 1`;
  const uniques = await sql<{ table: string; name: string; def: string }[]>`
    select c.relname as table, k.conname as name, pg_get_constraintdef(k.oid) as def
    from pg_constraint k join pg_class c on c.oid = k.conrelid
    where k.contype = 'u' and c.relnamespace = 'public'::regnamespace and c.relname = any(${LOAD_TABLES})
      and not exists (select 1 from pg_constraint f where f.contype = 'f' and f.conindid = k.conindid)
    order by 2`;
  const config: Config = {
    users: options.users,
    transactions: options.transactions,
    months: options.months,
    batchSize: options.batchSize ?? 50_000,
    // Whole minutes, so a resumed run derives the same times.
    endMs: Math.floor(Date.now() / 60_000) * 60_000,
    userBase: Number(bases!.users),
    accountBase: Number(bases!.accounts),
    merchantBase: Number(bases!.merchants),
    invoiceBase: Number(bases!.invoices),
    transactionBase: Number(bases!.transactions),
    entryBase: Number(bases!.entries),
    postingBase: Number(bases!.postings),
    holdBase: Number(bases!.holds),
    system,
    indexes: indexes.map((index) => ({ name: index.name, def: index.def })),
    uniques: uniques.map((unique) => ({ table: unique.table, name: unique.name, def: unique.def })),
  };
  await sql`insert into seed_scale_progress (step, detail) values ('config', ${sql.json(JSON.parse(JSON.stringify(config)) as postgres.JSONValue)})`;
  (options.log ?? console.log)(
    `seed:scale fills database ${where}: ${config.users.toLocaleString("en")} users, ${config.transactions.toLocaleString("en")} transactions over ${config.months} months`,
  );
  return config;
}

/**
 * Set-based (INSERT ... SELECT over the users just copied): wallets (user and merchant), PINs and
 * account numbers (levels 1 and 2), verified bank accounts (level 2), beneficiaries, merchants,
 * invoices, support tickets and replies. Answers the rows written.
 */
async function seedAccounts(tx: postgres.TransactionSql, c: Config, merchants: number, options: SeedScaleOptions): Promise<number> {
  const lo = c.userBase + 1;
  const hi = c.userBase + c.users;
  const banks = BANKS.map((b) => b.name);
  const codes = BANKS.map((b) => b.code);
  let rows = 0;
  const run = async (query: postgres.PendingQuery<postgres.Row[]>) => {
    rows += (await query).count;
  };
  await run(tx`insert into ledger_accounts (id, kind, user_id, created_at) overriding system value
    select ${c.accountBase} + (u.id - ${c.userBase}), 'user_wallet', u.id, u.created_at from users u where u.id between ${lo} and ${hi}`);
  // Merchant names as merchantName(m) makes them (the payments' metadata carries the same name).
  const names = Array.from({ length: merchants }, (_, i) => merchantName(i + 1));
  await run(tx`insert into merchants (id, user_id, name, description, category, created_at) overriding system value
    select ${c.merchantBase} + m, ${c.userBase} + m + 1, (${names}::text[])[m], 'Seeded for scale', (${CATEGORIES}::text[])[1 + m % ${CATEGORIES.length}], u.created_at
    from generate_series(1, ${merchants}) m join users u on u.id = ${c.userBase} + m + 1`);
  await run(tx`insert into ledger_accounts (id, kind, user_id, created_at) overriding system value
    select ${c.accountBase + c.users} + m, 'merchant_wallet', ${c.userBase} + m + 1, now() from generate_series(1, ${merchants}) m`);
  await run(tx`insert into transaction_pins (user_id, pin_hash, created_at, updated_at)
    select id, ${options.pinHash}, created_at, created_at from users where id between ${lo} and ${hi} and verification_level >= 1`);
  await run(tx`insert into dedicated_accounts (user_id, status, customer_code, account_number, account_name, bank_name, attempts, created_at, updated_at)
    select id, 'active', 'CUS_seed' || (id - ${c.userBase}), '8' || lpad((id - ${c.userBase})::text, 9, '0'), 'KOLO/' || upper(name), 'Wema Bank', 1, created_at, created_at
    from users where id between ${lo} and ${hi} and verification_level >= 1`);
  await run(tx`insert into bank_accounts (user_id, bank_name, bank_code, account_number, account_name, is_verified, created_at) overriding system value
    select id, (${banks}::text[])[1 + id % 5], (${codes}::text[])[1 + id % 5], '0' || lpad(((id - ${c.userBase}) * 7)::text, 9, '0'), upper(name), true, created_at
    from users where id between ${lo} and ${hi} and verification_level = 2`);
  await run(tx`insert into beneficiaries (user_id, bank_name, bank_code, account_number, account_name, created_at)
    select u.id, (${banks}::text[])[1 + (u.id + k) % 5], (${codes}::text[])[1 + (u.id + k) % 5], '1' || lpad((((u.id - ${c.userBase}) * 3 + k) % 1000000000)::text, 9, '0'),
           upper((${FIRST}::text[])[1 + (u.id * 3 + k) % ${FIRST.length}] || ' ' || (${LAST}::text[])[1 + (u.id + k * 5) % ${LAST.length}]), u.created_at
    from users u cross join generate_series(1, 2) k where u.id between ${lo} and ${hi} and u.id % 3 = 0`);
  const invoices = invoiceCount(c.transactions);
  await run(tx`insert into invoices (id, merchant_id, customer_name, customer_email, amount, description, due_date, status, token, created_at, updated_at) overriding system value
    select ${c.invoiceBase} + k, ${c.merchantBase} + 1 + k % ${merchants}, u.name, u.email, (1000 + (k * 7919) % 49000) * 100, 'Order ' || k,
           (to_timestamp(${c.endMs / 1000}) at time zone 'Africa/Lagos')::date + 14, 'unpaid', 'seed' || md5(k::text), t.at, t.at
    from (select to_timestamp(${c.endMs / 1000}) - make_interval(days => ${c.months * 30}) as at) t cross join generate_series(1, ${invoices}) k join users u on u.id = ${c.userBase} + 1 + (k * 7) % ${c.users}`);
  const subjects = [
    "Top-up not showing",
    "Transfer delayed",
    "Cannot add bank account",
    "Airtime not received",
    "Question about fees",
    "Change my phone number",
  ];
  await run(tx`insert into support_tickets (user_id, subject, message, status, priority, created_at, updated_at) overriding system value
    select ${c.userBase} + 1 + (k * 7919) % ${c.users}, (${subjects}::text[])[1 + k % 6], 'Please help me with this, it has been a while now.',
           (array['open', 'in-progress', 'resolved', 'closed'])[1 + k % 4]::ticket_status, (array['low', 'normal', 'high', 'urgent'])[1 + k % 4]::ticket_priority,
           to_timestamp(${c.endMs / 1000}) - make_interval(mins => k % (${c.months} * 43200)), to_timestamp(${c.endMs / 1000}) - make_interval(mins => k % (${c.months} * 43200))
    from generate_series(1, ${Math.max(5, Math.floor(c.users / 20))}) k`);
  await run(tx`insert into ticket_replies (ticket_id, user_id, message, user_role, created_at)
    select id, user_id, 'Any news on this? Thank you.', 'user', created_at + interval '1 hour' from support_tickets where user_id between ${lo} and ${hi} and id % 2 = 0`);
  return rows;
}

interface BatchOut {
  transactions: Lines;
  entries: Lines;
  postings: Lines;
  holds: Lines;
}

type Kind =
  | "topup-card"
  | "topup-bank"
  | "p2p"
  | "bank-transfer"
  | "withdrawal"
  | "airtime"
  | "data"
  | "electricity"
  | "cable"
  | "merchant"
  | "invoice"
  | "refund";
/** Cumulative shares of each kind among the records (refunds follow payments). */
const MIX: [Kind, number][] = [
  ["topup-card", 0.16],
  ["topup-bank", 0.26],
  ["p2p", 0.5],
  ["bank-transfer", 0.58],
  ["withdrawal", 0.62],
  ["airtime", 0.72],
  ["data", 0.8],
  ["electricity", 0.84],
  ["cable", 0.87],
  ["merchant", 0.95],
  ["invoice", 0.98],
  ["refund", 1],
];

/**
 * Generates the ledger batch by batch, in time order, keeping every account's balance and chain
 * head: batch b is the same in every run given batches 0..b-1 before it (a resumed run replays
 * the written ones without output). Money never takes a wallet below zero: a debit the wallet
 * cannot pay is preceded by a card top-up.
 */
export class LedgerGenerator {
  private readonly balances: Float64Array;
  private readonly heads: Buffer;
  private readonly systemBalance = new Map<number, number>();
  private readonly systemHead = new Map<number, Buffer>();
  private readonly sys: Record<string, number> = {};
  private entry: number;
  private posting: number;
  private hold: number;
  private invoice = 0;
  /** Recent wallet payments to merchants not yet refunded: [reference, payer number, merchant number, kobo]. */
  private payments: [string, number, number, number][] = [];
  private out: BatchOut | null = null;
  private readonly touched = new Set<number>();

  constructor(
    private readonly c: Config,
    private readonly merchants: number,
  ) {
    this.balances = new Float64Array(c.users + merchants + 1);
    this.heads = Buffer.alloc((c.users + merchants + 1) * 32);
    for (const [code, [id, head, balance]] of Object.entries(c.system)) {
      this.sys[code] = id;
      this.systemHead.set(id, Buffer.from(head, "hex"));
      this.systemBalance.set(id, Number(balance));
    }
    this.entry = c.entryBase;
    this.posting = c.postingBase;
    this.hold = c.holdBase;
  }

  /** Account id of user number g's wallet, and of merchant number m's wallet. */
  private wallet = (g: number) => this.c.accountBase + g;
  private merchantWallet = (m: number) => this.c.accountBase + this.c.users + m;

  /** Every account this run moved, with its balance (kobo) and chain head. */
  finalAccounts(): { id: number; balance: number; head: Buffer }[] {
    return [...this.touched].map((id) => {
      const slot = id - this.c.accountBase;
      const own = slot >= 1 && slot <= this.c.users + this.merchants;
      return own
        ? { id, balance: this.balances[slot]!, head: this.heads.subarray(slot * 32, slot * 32 + 32) }
        : { id, balance: this.systemBalance.get(id)!, head: this.systemHead.get(id)! };
    });
  }

  private balanceOf(account: number): number {
    const slot = account - this.c.accountBase;
    return slot >= 1 && slot <= this.c.users + this.merchants ? this.balances[slot]! : this.systemBalance.get(account)!;
  }

  /** Writes one journal entry and its postings (kobo), moving balances and chain heads; answers the entry id. */
  private post(key: string, kind: string, description: string, transactionId: number, at: number, legs: [number, number][]): number {
    const entryId = ++this.entry;
    this.out?.entries.push(`${entryId}\t${key}\t${kind}\t${description}\t${transactionId}\t${iso(at)}\n`);
    const micros = `${at}000`;
    for (const [account, amount] of legs) {
      const slot = account - this.c.accountBase;
      const own = slot >= 1 && slot <= this.c.users + this.merchants;
      const previous = own ? this.heads.subarray(slot * 32, slot * 32 + 32) : this.systemHead.get(account)!;
      const hash = createHash("sha256").update(previous).update(`${entryId}|${account}|${amount}|${micros}`, "utf8").digest();
      let after: number;
      if (own) {
        after = this.balances[slot]! + amount;
        this.balances[slot] = after;
        hash.copy(this.heads, slot * 32);
      } else {
        after = this.systemBalance.get(account)! + amount;
        this.systemBalance.set(account, after);
        this.systemHead.set(account, hash);
      }
      this.touched.add(account);
      const postingId = ++this.posting;
      this.out?.postings.push(`${postingId}\t${entryId}\t${account}\t${amount}\t${after}\t${iso(at)}\t\\\\x${hash.toString("hex")}\n`);
    }
    return entryId;
  }

  private record(
    id: number,
    type: string,
    amount: number,
    fee: number,
    status: string,
    reference: string,
    description: string,
    sender: number | null,
    recipient: number | null,
    metadata: object,
    at: number,
    updated = at,
  ) {
    this.out?.transactions.push(
      `${id}\t${type}\t${amount}\t${fee}\t${status}\t${reference}\t${description}\t${field(sender)}\t${field(recipient)}\t${JSON.stringify(metadata)}\t${iso(at)}\t${iso(updated)}\n`,
    );
  }

  /** Generates batch `b` (its records' numbers from b × batchSize); with `emit` false, only moves the state (a resumed run's replay). */
  async batch(b: number, emit: boolean): Promise<BatchOut | null> {
    const c = this.c;
    this.out = emit ? { transactions: new Lines(), entries: new Lines(), postings: new Lines(), holds: new Lines() } : null;
    const rand = random(0x5eed ^ Math.imul(b + 1, 0x9e3779b9));
    const end = Math.min(c.transactions, (b + 1) * c.batchSize);
    const span = c.months * 30 * DAY_MS;
    const start = c.endMs - span;
    const pick = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
    const naira = (lo: number, hi: number) => pick(lo, hi) * 100;
    const someone = () => (rand() < 0.005 ? 1 : pick(1, c.users));
    let j = b * c.batchSize;
    const timeOf = (n: number) => start + Math.floor((n * span) / c.transactions) + (n % 997);
    // A record: its id, time and reference from its number.
    const next = (prefix: string) => {
      const n = j++;
      return { id: c.transactionBase + n + 1, at: timeOf(n), ref: `${prefix}-S${String(n + 1).padStart(9, "0")}` };
    };
    const user = (g: number) => seedUser(g, this.merchants);
    const topUp = (g: number, kobo: number, bank: boolean, drawn: "completed" | "failed" | "pending") => {
      const r = next("TOP");
      // A checkout left unpaid for over an hour is what the minute job (expireStaleTopUps) leaves
      // behind: failed 'Checkout expired'. Only the last hour's stay pending, as on a live database.
      const expired = drawn === "pending" && r.at < c.endMs - TOPUP_CHECKOUT_LIFETIME_MS;
      const status = expired ? "failed" : drawn;
      const gatewayFee = bank ? 0 : Math.min(200_000, Math.round(kobo * 0.015));
      const meta = bank
        ? {
            gateway: "paystack",
            channel: "bank_transfer",
            accountNumber: `8${String(g).padStart(9, "0")}`,
            senderName: user(g).name.toUpperCase(),
            senderBank: BANKS[g % 5]!.name,
          }
        : { gateway: "paystack", channel: "card", gatewayFeeKobo: gatewayFee, ...(status === "failed" ? { failureReason: "Declined" } : {}) };
      const metadata = expired ? { ...meta, failureReason: CHECKOUT_EXPIRED } : meta;
      this.record(r.id, "topup", kobo, 0, status, r.ref, bank ? "Bank transfer top-up" : "Card top-up", null, c.userBase + g, metadata, r.at);
      if (status !== "completed") return;
      const legs: [number, number][] = [
        [this.wallet(g), kobo],
        [this.sys[SYSTEM_ACCOUNTS.gatewayClearing]!, -(kobo - gatewayFee)],
      ];
      if (gatewayFee > 0) legs.push([this.sys[SYSTEM_ACCOUNTS.gatewayFees]!, -gatewayFee]);
      this.post(`topup:${r.ref}`, "topup", bank ? "Bank transfer top-up" : "Card top-up", r.id, r.at, legs);
    };
    // Before a debit of `kobo` from user g: a card top-up when the wallet cannot pay it. False when the batch is full.
    const afford = (g: number, kobo: number) => {
      if (this.balanceOf(this.wallet(g)) >= kobo) return true;
      topUp(g, kobo + naira(1_000, 20_000), false, "completed");
      return j < end;
    };
    // A held debit (payout or purchase) ending settled, held, or released.
    const held = (
      g: number,
      type: string,
      kobo: number,
      fee: number,
      prefix: string,
      description: string,
      destination: number,
      meta: object,
      holdKind: string,
    ) => {
      const r = next(prefix);
      const roll = rand();
      const status = roll < 0.9 ? "completed" : roll < 0.95 ? "processing" : "failed";
      const later = r.at + 2_000;
      this.record(
        r.id,
        type,
        kobo,
        fee,
        status,
        r.ref,
        description,
        c.userBase + g,
        null,
        status === "failed" ? { ...meta, failureReason: "Provider declined" } : meta,
        r.at,
        status === "processing" ? r.at : later,
      );
      const wallet = this.wallet(g);
      const holds = this.sys[SYSTEM_ACCOUNTS.holds]!;
      const holdEntry = this.post(`hold:${r.ref}`, holdKind, description, r.id, r.at, [
        [wallet, -(kobo + fee)],
        [holds, kobo + fee],
      ]);
      let finalEntry: number | null = null;
      let holdStatus = "held";
      if (status === "completed") {
        const legs: [number, number][] = [
          [holds, -(kobo + fee)],
          [destination, kobo],
        ];
        if (fee > 0) legs.push([this.sys[SYSTEM_ACCOUNTS.feeIncome]!, fee]);
        finalEntry = this.post(`settle:${r.ref}`, "settle", `${description} settled`, r.id, later, legs);
        holdStatus = "settled";
      } else if (status === "failed") {
        finalEntry = this.post(`release:${r.ref}`, "release", `${description} failed`, r.id, later, [
          [holds, -(kobo + fee)],
          [wallet, kobo + fee],
        ]);
        holdStatus = "released";
      }
      const holdId = ++this.hold;
      this.out?.holds.push(
        `${holdId}\t${r.ref}\t${wallet}\t${c.userBase + g}\t${r.id}\t${kobo}\t${fee}\t${lagosDay(r.at)}\t${holdStatus}\t${holdEntry}\t${field(finalEntry)}\t${iso(r.at)}\t${iso(holdStatus === "held" ? r.at : later)}\n`,
      );
    };

    let steps = 0;
    while (j < end) {
      // Now and then, let the previous batch's COPY stream on (only while writing; a replay runs straight).
      if (emit && ++steps % 500 === 0) await new Promise((resolve) => setImmediate(resolve));
      const roll = rand();
      const kind = MIX.find(([, share]) => roll < share)![0];
      const g = someone();
      const u = user(g);
      if (kind === "topup-card" || kind === "topup-bank") {
        const status = rand() < 0.95 ? "completed" : rand() < 0.6 ? "failed" : "pending";
        topUp(g, naira(1_000, 50_000), kind === "topup-bank", status);
      } else if (kind === "p2p") {
        let v = rand() < 0.003 ? 1 : pick(1, c.users);
        if (v === g) v = (g % c.users) + 1;
        if (v === g) continue;
        const kobo = naira(100, 20_000);
        if (!afford(g, kobo)) break;
        const r = next("P2P");
        const to = user(v);
        this.record(
          r.id,
          "p2p",
          kobo,
          0,
          "completed",
          r.ref,
          `Transfer to ${to.name}`,
          c.userBase + g,
          c.userBase + v,
          { senderName: u.name, recipientName: to.name },
          r.at,
        );
        this.post(`p2p:${r.ref}`, "p2p", `P2P ${r.ref}`, r.id, r.at, [
          [this.wallet(g), -kobo],
          [this.wallet(v), kobo],
        ]);
      } else if (kind === "bank-transfer" || kind === "withdrawal") {
        const kobo = naira(1_000, 100_000);
        const fee = Number(payoutFeeKobo(BigInt(kobo)));
        if (!afford(g, kobo + fee)) break;
        const bank = BANKS[(g + j) % 5]!;
        const own = kind === "withdrawal";
        const meta = {
          channel: own ? "withdrawal" : "bank_transfer",
          bankName: bank.name,
          bankCode: bank.code,
          accountNumber: `${own ? "0" : "1"}${String((g * 7) % 1_000_000_000).padStart(9, "0")}`,
          accountName: own ? u.name.toUpperCase() : `${FIRST[(g + j) % FIRST.length]} ${LAST[j % LAST.length]}`.toUpperCase(),
          feeKobo: fee,
        };
        held(
          g,
          "transfer",
          kobo,
          fee,
          "TRF",
          own ? "Withdrawal to bank" : `Transfer to ${meta.accountName}`,
          this.sys[SYSTEM_ACCOUNTS.payoutsInTransit]!,
          meta,
          "payout-hold",
        );
      } else if (kind === "airtime" || kind === "data" || kind === "electricity" || kind === "cable") {
        const kobo =
          kind === "airtime" ? naira(100, 5_000) : kind === "data" ? naira(500, 10_000) : kind === "electricity" ? naira(2_000, 30_000) : naira(2_500, 25_000);
        if (!afford(g, kobo)) break;
        const network = NETWORKS[g % 4]!;
        const disco = DISCOS[g % 3]!;
        const cable = CABLES[g % 3]!;
        const meta =
          kind === "airtime"
            ? { phoneNumber: u.phone, network }
            : kind === "data"
              ? { phoneNumber: u.phone, network, variationCode: `${network.toLowerCase()}-1gb`, planName: "1GB - 30 days" }
              : kind === "electricity"
                ? {
                    phoneNumber: u.phone,
                    network: disco.name,
                    disco: disco.id,
                    meterNumber: `4${String(g).padStart(10, "0")}`,
                    meterType: "prepaid",
                    customerName: u.name,
                  }
                : {
                    phoneNumber: u.phone,
                    network: cable.name,
                    variationCode: cable.code,
                    planName: cable.plan,
                    smartcardNumber: `7${String(g).padStart(9, "0")}`,
                    subscriptionType: "renew",
                  };
        const description =
          kind === "airtime"
            ? `${network} airtime`
            : kind === "data"
              ? `${network} data`
              : kind === "electricity"
                ? `${disco.name} token`
                : `${cable.name} subscription`;
        held(g, kind, kobo, 0, "VTU", description, this.sys[SYSTEM_ACCOUNTS.vtpassClearing]!, meta, "purchase-hold");
      } else if (kind === "merchant" || kind === "invoice") {
        const invoiceNo = kind === "invoice" && this.invoice < invoiceCount(c.transactions) ? ++this.invoice : null;
        const m = invoiceNo !== null ? 1 + (invoiceNo % this.merchants) : pick(1, this.merchants);
        if (m + 1 === g) continue;
        const kobo = invoiceNo !== null ? invoiceKobo(invoiceNo) : naira(500, 50_000);
        if (!afford(g, kobo)) break;
        const r = next("PAY");
        const name = merchantName(m);
        const merchantId = c.merchantBase + m;
        const description = invoiceNo !== null ? `Invoice #${c.invoiceBase + invoiceNo} payment to ${name}` : `Payment to ${name}`;
        this.record(
          r.id,
          "payment",
          kobo,
          0,
          "completed",
          r.ref,
          description,
          c.userBase + g,
          null,
          {
            merchantId,
            merchantName: name,
            ...(invoiceNo !== null ? { invoiceId: c.invoiceBase + invoiceNo } : {}),
            channel: invoiceNo !== null ? "invoice" : "qr",
            payerName: u.name,
          },
          r.at,
        );
        this.post(`payment:${r.ref}`, invoiceNo !== null ? "invoice-payment" : "merchant-payment", description, r.id, r.at, [
          [this.wallet(g), -kobo],
          [this.merchantWallet(m), kobo],
        ]);
        if (invoiceNo === null) {
          this.payments.push([r.ref, g, m, kobo]);
          if (this.payments.length > 1_000) this.payments.shift();
        }
      } else {
        const payment = this.payments.shift();
        if (!payment) continue;
        const [paid, payer, m, kobo] = payment;
        if (this.balanceOf(this.merchantWallet(m)) < kobo) continue;
        const r = next("RFD");
        const name = merchantName(m);
        this.record(
          r.id,
          "payment",
          kobo,
          0,
          "completed",
          r.ref,
          `Refund from ${name}`,
          null,
          c.userBase + payer,
          {
            merchantId: c.merchantBase + m,
            merchantName: name,
            channel: "refund",
            refundOf: paid,
            refundReason: "Item out of stock",
            refundTo: "wallet",
            payerName: user(payer).name,
          },
          r.at,
        );
        this.post(`refund:${r.ref}`, "merchant-refund", `Refund of ${paid}: Item out of stock`, r.id, r.at, [
          [this.merchantWallet(m), -kobo],
          [this.wallet(payer), kobo],
        ]);
      }
    }
    const out = this.out;
    this.out = null;
    return out;
  }
}

/** Moves every account the ledger batches posted to its balance (kobo) and chain head: one COPY into a temporary table, one UPDATE. */
async function writeBalances(tx: postgres.TransactionSql, ledger: LedgerGenerator): Promise<number> {
  await tx`create temporary table seed_scale_accounts (id integer primary key, balance bigint not null, head bytea not null) on commit drop`;
  const accounts = ledger.finalAccounts();
  await copy(
    tx,
    "seed_scale_accounts (id, balance, head)",
    accounts.map((a) => `${a.id}\t${a.balance}\t\\\\x${a.head.toString("hex")}\n`),
  );
  const updated = await tx`update ledger_accounts a set balance = s.balance, head_hash = s.head from seed_scale_accounts s where a.id = s.id`;
  return updated.count;
}

/**
 * The seed users' daily outgoing counters, set-based, from the records as the ledger verification
 * defines them (docs/ledger-verification.md check 6): holds held or settled by their day, plus
 * completed P2P transfers and merchant payments by their Lagos day (the seed holds none of those).
 */
async function dailyCounters(tx: postgres.TransactionSql, c: Config): Promise<number> {
  const inserted = await tx`
    insert into daily_outgoing (user_id, day, total_kobo)
    select user_id, day, sum(total) from (
      select user_id, day, sum(amount + fee) as total from holds
      where id > ${c.holdBase} and status in ('held', 'settled') group by 1, 2
      union all
      select sender_id, (created_at at time zone 'Africa/Lagos')::date, sum(amount + fee) from transactions
      where id > ${c.transactionBase} and sender_id is not null and status = 'completed' and type in ('p2p', 'payment')
      group by 1, 2
    ) x group by 1, 2
    on conflict (user_id, day) do update set total_kobo = daily_outgoing.total_kobo + excluded.total_kobo`;
  return inserted.count;
}
