import { sql } from "drizzle-orm";
import type { DbOrTx } from "../client";

/**
 * The distinct phone numbers the user last bought airtime or data for, newest first, with the
 * network of the latest purchase for each. Uses transactions_purchases_sender_idx.
 */
export async function recentPurchaseNumbers(db: DbOrTx, userId: number, limit: number): Promise<{ phoneNumber: string; network: string; lastAt: Date }[]> {
  const rows = (await db.execute(sql`
    select phone_number, network, last_at from (
      select distinct on (metadata->>'phoneNumber') metadata->>'phoneNumber' as phone_number, metadata->>'network' as network, created_at as last_at
      from (select metadata, created_at from transactions
            where sender_id = ${userId} and type in ('airtime', 'data')
            order by created_at desc limit 200) latest
      order by metadata->>'phoneNumber', created_at desc
    ) numbers
    order by last_at desc
    limit ${limit}`)) as unknown as { phone_number: string; network: string; last_at: Date | string }[];
  return rows.map((row) => ({ phoneNumber: row.phone_number, network: row.network, lastAt: new Date(row.last_at) }));
}
