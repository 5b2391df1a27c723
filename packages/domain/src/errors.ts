/**
 * Typed business errors. Every rule fails with a DomainError whose `code` names what went wrong
 * in the domain's own terms (INSUFFICIENT_BALANCE, DAILY_LIMIT_EXCEEDED, ...). The transport
 * status of each code is decided once, in DOMAIN_ERROR_STATUS: the API layer maps it to tRPC and
 * HTTP, and the web client switches on the code (sent as `details`' sibling `domainCode`), never
 * on the message. `message` is the spec's text, word for word; `details` carries field errors or
 * figures the client may show (e.g. the remaining allowance).
 */
export const DOMAIN_ERROR_STATUS = {
  /** Bad input: field errors in details. */
  VALIDATION: "BAD_REQUEST",
  /** A rule refused the request (e.g. 'You cannot transfer money to yourself'). */
  RULE_VIOLATION: "BAD_REQUEST",
  INSUFFICIENT_BALANCE: "BAD_REQUEST",
  DAILY_LIMIT_EXCEEDED: "BAD_REQUEST",
  FEE_MISMATCH: "BAD_REQUEST",
  /** The provider refused a purchase for good (VTpass 016 and the like): the hold was released, nothing was bought. */
  PURCHASE_FAILED: "BAD_REQUEST",
  INVALID_CREDENTIALS: "UNAUTHORIZED",
  UNAUTHENTICATED: "UNAUTHORIZED",
  ACCOUNT_LOCKED: "FORBIDDEN",
  /** An admin session before its second factor was given (docs/admin-security.md). */
  MFA_REQUIRED: "FORBIDDEN",
  ACCOUNT_SUSPENDED: "FORBIDDEN",
  /** A debit without the transaction PIN the user has set (docs/product.md "Transaction PIN"). */
  PIN_REQUIRED: "FORBIDDEN",
  /** A wrong transaction PIN: details {attemptsRemaining}. */
  PIN_INCORRECT: "FORBIDDEN",
  /** Payments locked after 5 wrong PINs: details {retryAfterSeconds, lockedUntil}. */
  PIN_LOCKED: "FORBIDDEN",
  FEATURE_DISABLED: "FORBIDDEN",
  /** Money out from a device not trusted yet (docs/product.md "Fraud controls"). */
  DEVICE_NOT_TRUSTED: "FORBIDDEN",
  /** Past the first-day cap: details {left, until} (kobo, ISO time). */
  NEW_DEVICE_LIMIT: "FORBIDDEN",
  /** Money out while the account is frozen. */
  ACCOUNT_FROZEN: "FORBIDDEN",
  FORBIDDEN: "FORBIDDEN",
  NOT_FOUND: "NOT_FOUND",
  RECIPIENT_NOT_FOUND: "NOT_FOUND",
  CONFLICT: "CONFLICT",
  EMAIL_TAKEN: "CONFLICT",
  IDEMPOTENCY_KEY_REUSED: "CONFLICT",
  RATE_LIMITED: "TOO_MANY_REQUESTS",
  /** A provider (card gateway, payouts, VTpass) could not be reached or refused. */
  PROVIDER_UNAVAILABLE: "SERVICE_UNAVAILABLE",
  SERVICE_UNAVAILABLE: "SERVICE_UNAVAILABLE",
} as const;

export type DomainErrorCode = keyof typeof DOMAIN_ERROR_STATUS;
/** tRPC error code names (HTTP: 400, 401, 403, 404, 409, 429, 503). */
export type TransportErrorCode = (typeof DOMAIN_ERROR_STATUS)[DomainErrorCode];

export class DomainError extends Error {
  readonly code: DomainErrorCode;
  readonly details: unknown;

  constructor(code: DomainErrorCode, message: string, details?: unknown) {
    super(message);
    this.name = "DomainError";
    this.code = code;
    this.details = details;
  }

  /** The transport code this error answers with (DOMAIN_ERROR_STATUS). */
  get transportCode(): TransportErrorCode {
    return DOMAIN_ERROR_STATUS[this.code];
  }
}

export const isDomainError = (error: unknown): error is DomainError => error instanceof DomainError;
