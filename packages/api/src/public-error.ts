// The error body every failed call answers with, and the fixed messages of faults: shared by the
// tRPC layer (trpc.ts), the webhook handlers (money/inbound) and the job worker, below all of them.
import type { DomainErrorCode } from "@kolo/domain";

/** The body every failed call answers with, on tRPC (inside `data`) and REST alike. */
export interface PublicError {
  message: string;
  /** Field errors (Record<field, string[]>) or figures the client may show; null when none. */
  details: unknown;
  /** The domain's error code (DomainErrorCode, 'VALIDATION' for bad input, 'INTERNAL' for faults): clients switch on it. */
  code: DomainErrorCode | "INTERNAL" | "HTTP";
}

export const INTERNAL_ERROR_MESSAGE = "Internal server error";
export const SERVICE_UNAVAILABLE_MESSAGE = "Service temporarily unavailable";
