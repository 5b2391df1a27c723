import { domainCode, errorCode, errorDetails, serverMessage } from "../../lib/errors";

const ACCOUNT_SUSPENDED = "Your account has been suspended. Please contact support for assistance.";
const ACCOUNT_LOCKED = "Your account has been locked due to too many failed login attempts. Please contact support.";

/**
 * Title and description of the login failure toast (docs/product.md#accounts-and-sessions): the codes ACCOUNT_SUSPENDED and
 * ACCOUNT_LOCKED get their long texts; another 403 shows details, else the message, else
 * 'Account unavailable'; anything else the server message, else 'Login failed'. The title follows
 * the description: 'Account Suspended', 'Account Locked', 'Account Unavailable' or 'Login Failed'.
 */
export function loginFailureToast(error: unknown): { title: string; message: string } {
  const message = serverMessage(error);
  let description: string;
  const code = domainCode(error);
  if (code === "ACCOUNT_SUSPENDED") description = ACCOUNT_SUSPENDED;
  else if (code === "ACCOUNT_LOCKED") description = ACCOUNT_LOCKED;
  else if (errorCode(error) === "FORBIDDEN") {
    const details = errorDetails(error);
    description = (typeof details === "string" && details) || message || "Account unavailable";
  } else {
    description = message ?? "Login failed";
  }
  const lower = description.toLowerCase();
  const title = lower.includes("suspended")
    ? "Account Suspended"
    : lower.includes("locked")
      ? "Account Locked"
      : lower.includes("unavailable")
        ? "Account Unavailable"
        : "Login Failed";
  return { title, message: description };
}
