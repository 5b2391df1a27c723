// Column types the tables share (not re-exported from the schema index).
import { customType } from "drizzle-orm/pg-core";

/** A PostgreSQL bytea, read and written as a Node Buffer. */
export const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => "bytea" });

/**
 * PostgreSQL's `xid8`: a 64-bit transaction id, as text (it does not fit a JS number). The live
 * events' `txid` (events.ts) is one, compared with pg_current_snapshot() by the events hub.
 */
export const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => "xid8" });
