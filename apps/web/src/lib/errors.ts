/** What the server's error formatter puts in `error.data` (packages/api/src/trpc.ts). */
interface ServerErrorData {
  code?: string;
  /** The domain error code (DomainErrorCode in @kolo/domain, 'VALIDATION', 'INTERNAL'). */
  domainCode?: string;
  httpStatus?: number;
  details?: unknown;
}

/**
 * A TRPCClientError, recognised by its name as @trpc/client's own isTRPCClientError also does, so
 * that this module (used on the sign-in screen) does not load the tRPC client.
 */
function isTrpcClientError(error: unknown): error is Error & { data?: unknown } {
  return error instanceof Error && error.name === "TRPCClientError";
}

function serverData(error: unknown): ServerErrorData | undefined {
  if (!isTrpcClientError(error)) return undefined;
  const data: unknown = error.data;
  return data && typeof data === "object" ? (data as ServerErrorData) : undefined;
}

/** The tRPC error code ('UNAUTHORIZED', 'FORBIDDEN', ...) when the server answered, else undefined. */
export function errorCode(error: unknown): string | undefined {
  return serverData(error)?.code;
}

/**
 * The domain's error code ('INSUFFICIENT_BALANCE', 'ACCOUNT_LOCKED', 'VALIDATION', ...) when the
 * server answered, else undefined. Screens switch on this, never on message texts.
 */
export function domainCode(error: unknown): string | undefined {
  return serverData(error)?.domainCode;
}

/**
 * The server's message (the spec's text) when the server answered with an error, else undefined:
 * network failures and other exceptions give undefined so callers fall back to their own text.
 */
export function serverMessage(error: unknown): string | undefined {
  if (!isTrpcClientError(error) || !serverData(error)?.code) return undefined;
  return error.message || undefined;
}

/** `details` from the server: field errors (Record<field, string[]>), figures, or a string. */
export function errorDetails(error: unknown): unknown {
  return serverData(error)?.details ?? undefined;
}

/** Field errors from `details` as {field: first message}, for a form's setErrors. */
export function fieldErrors(error: unknown): Record<string, string> {
  const details = errorDetails(error);
  const result: Record<string, string> = {};
  if (!details || typeof details !== "object" || Array.isArray(details)) return result;
  for (const [field, messages] of Object.entries(details as Record<string, unknown>)) {
    if (Array.isArray(messages) && typeof messages[0] === "string") result[field] = messages[0];
    else if (typeof messages === "string") result[field] = messages;
  }
  return result;
}

const STATUS_TEXTS: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  409: "Conflict",
  429: "Too Many Requests",
  500: "Internal Server Error",
  503: "Service Unavailable",
};

/**
 * The HTTP status the server answered with, and its reason phrase ({status: 404, statusText:
 * 'Not Found'}), for the spec's '{status} {statusText}' texts; undefined when the server did not answer.
 */
export function httpStatus(error: unknown): { status: number; statusText: string } | undefined {
  const status = serverData(error)?.httpStatus;
  if (typeof status !== "number") return undefined;
  return { status, statusText: STATUS_TEXTS[status] ?? "" };
}
