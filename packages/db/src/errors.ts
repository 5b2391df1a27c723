/**
 * What a PostgreSQL error says, read in one place: postgres.js raises a PostgresError whose fields
 * carry the server's ErrorResponse (SQLSTATE `code`, `constraint_name`, `detail`, `hint`), and
 * drizzle, tRPC and pg-boss wrap it in `cause` (one or more levels). Connection failures carry a
 * postgres.js or socket code ("CONNECTION_ENDED", "ECONNREFUSED") in the same `code` field.
 */
export interface PgErrorInfo {
  /** SQLSTATE ("23505", "KL001", …) or a postgres.js / socket code ("CONNECTION_CLOSED", "ECONNRESET"). */
  code: string;
  /** The constraint a 23xxx error names (postgres.js `constraint_name`), if any. */
  constraint?: string;
  /** The server's DETAIL (the ledger functions put figures there, e.g. KL002's remaining allowance in kobo). */
  detail?: string;
  /** The server's HINT (KL002: the daily limit in kobo). */
  hint?: string;
}

/** How deep a `cause` chain is followed (drizzle and tRPC wrap once or twice). */
const MAX_DEPTH = 10;

/** A SQLSTATE: five digits or upper-case letters (PostgreSQL "Error Codes"; the ledger's own are KL001…). */
const SQLSTATE = /^[0-9A-Z]{5}$/;

/** postgres.js and socket error codes for a connection that failed or was lost. */
export const CONNECTION_ERROR_CODES: ReadonlySet<string> = new Set([
  "CONNECT_TIMEOUT",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
]);

/**
 * The first database error in `error`'s `cause` chain (itself included): one whose `code` is a
 * SQLSTATE or a connection code (CONNECTION_ERROR_CODES), read as PgErrorInfo; undefined when
 * there is none (a DomainError's or a TRPCError's code is neither, so wrappers are seen through).
 * PostgreSQL's error fields: "Error Message Fields" of the protocol documentation; postgres.js
 * names them in snake_case.
 */
export function pgError(error: unknown): PgErrorInfo | undefined {
  let current = error;
  for (let depth = 0; current !== null && typeof current === "object" && depth < MAX_DEPTH; depth++) {
    const { code, constraint_name, detail, hint, cause } = current as {
      code?: unknown;
      constraint_name?: unknown;
      detail?: unknown;
      hint?: unknown;
      cause?: unknown;
    };
    if (typeof code === "string" && (SQLSTATE.test(code) || CONNECTION_ERROR_CODES.has(code))) {
      return {
        code,
        ...(typeof constraint_name === "string" && { constraint: constraint_name }),
        ...(typeof detail === "string" && { detail }),
        ...(typeof hint === "string" && { hint }),
      };
    }
    current = cause;
  }
  return undefined;
}

/** Whether `error` is PostgreSQL's unique_violation (23505), of `constraint` when given. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const pg = pgError(error);
  return pg?.code === "23505" && (constraint === undefined || pg.constraint === constraint);
}
