/**
 * Typed business errors. Every rule in this package fails with a DomainError whose `code`
 * the API layer maps to an HTTP status (BAD_REQUEST 400, UNAUTHORIZED 401, FORBIDDEN 403,
 * NOT_FOUND 404, CONFLICT 409, TOO_MANY_REQUESTS 429). `message` is the spec's text, word for word;
 * `details` carries field errors or figures the client may show (e.g. the remaining allowance).
 */
export type DomainErrorCode =
  | "BAD_REQUEST"
  | "UNAUTHORIZED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "CONFLICT"
  | "TOO_MANY_REQUESTS";

export class DomainError extends Error {
  readonly code: DomainErrorCode;
  readonly details: unknown;

  constructor(code: DomainErrorCode, message: string, details?: unknown) {
    super(message);
    this.name = "DomainError";
    this.code = code;
    this.details = details;
  }
}

export const isDomainError = (error: unknown): error is DomainError => error instanceof DomainError;
