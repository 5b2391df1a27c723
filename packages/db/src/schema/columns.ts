// Column types the tables share (not re-exported from the schema index).
import { customType } from "drizzle-orm/pg-core";

/** A PostgreSQL bytea, read and written as a Node Buffer. */
export const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => "bytea" });
