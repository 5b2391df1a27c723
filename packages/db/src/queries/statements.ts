// Account statements (docs/product.md "Statements"): a user's wallet postings for a period, read in
// one REPEATABLE READ snapshot and streamed by a cursor, so a 100,000-movement statement never sits
// in memory and its closing balance is the ledger's as of that snapshot.
import type { DescribableTransaction } from "@kolo/domain";
import type { Database } from "../client";

/**
 * One movement of the wallet: kobo (+ in, - out), with its journal entry's words, and the
 * transaction record it belongs to (its reference, and what a reader-side description needs:
 * @kolo/domain statementDescription), null for an entry that belongs to no record.
 */
export interface StatementMovement {
  id: string;
  amount: bigint;
  createdAt: Date;
  /** The journal entry's own words (internal: 'Hold for …'); what a row shows when there is no record. */
  description: string;
  reference: string | null;
  transaction: DescribableTransaction | null;
}

interface MovementRow {
  id: string;
  amount: string;
  created_at: Date | string;
  description: string;
  reference: string | null;
  type: DescribableTransaction["type"] | null;
  record_description: string | null;
  sender_id: number | null;
  recipient_id: number | null;
  metadata: DescribableTransaction["metadata"] | null;
}

/** The statement's frame: the opening balance (kobo) before `from`, and a reader of the movements in order. */
export interface StatementSnapshot {
  holderName: string;
  openingKobo: bigint;
  movements: AsyncIterable<StatementMovement[]>;
}

/**
 * Runs `use` with the user's statement for [from, to): the opening balance and the movements in
 * time order, batches of `batch`, all from one read-only REPEATABLE READ snapshot (postgres.js
 * cursor), with up to 2 minutes for the whole read. Answers null when the user has no wallet.
 */
export async function withStatement<T>(
  db: Database,
  params: { userId: number; from: Date; to: Date; batch?: number },
  use: (statement: StatementSnapshot) => Promise<T>,
): Promise<T | null> {
  const client = db.$client;
  // Times go as ISO text with a cast: this client does not serialise Date parameters.
  return client.begin("isolation level repeatable read read only", async (sql) => {
    // The cursor is one statement from its first row to its last, however slowly the client reads:
    // the pool's statement_timeout (meant for stuck queries) would cut a long statement off.
    await sql`set local statement_timeout = '120s'`;
    const [wallet] = await sql<{ id: number; name: string }[]>`
      select a.id, u.name from ledger_accounts a join users u on u.id = a.user_id
      where a.kind = 'user_wallet' and a.user_id = ${params.userId}`;
    if (!wallet) return null;
    const [opening] = await sql<{ total: string | null }[]>`
      select sum(amount)::text as total from postings where account_id = ${wallet.id} and created_at < ${params.from.toISOString()}::timestamptz`;
    const cursor = sql<MovementRow[]>`
      select p.id::text, p.amount::text, p.created_at, je.description, t.reference,
        t.type, t.description as record_description, t.sender_id, t.recipient_id, t.metadata
      from postings p
      join journal_entries je on je.id = p.journal_entry_id
      left join transactions t on t.id = je.transaction_id
      where p.account_id = ${wallet.id} and p.created_at >= ${params.from.toISOString()}::timestamptz and p.created_at < ${params.to.toISOString()}::timestamptz
      order by p.created_at, p.id`.cursor(params.batch ?? 1_000);
    async function* movements(): AsyncIterable<StatementMovement[]> {
      for await (const rows of cursor) {
        yield rows.map((row) => ({
          id: row.id,
          amount: BigInt(row.amount),
          createdAt: new Date(row.created_at),
          description: row.description,
          reference: row.reference,
          transaction:
            row.type === null
              ? null
              : {
                  type: row.type,
                  description: row.record_description ?? row.description,
                  senderId: row.sender_id,
                  recipientId: row.recipient_id,
                  metadata: row.metadata ?? {},
                },
        }));
      }
    }
    return use({ holderName: wallet.name, openingKobo: BigInt(opening?.total ?? "0"), movements: movements() });
  }) as Promise<T | null>;
}
