// How the audit trail writes an entry's before and after values (docs/admin-security.md "Audit"):
// amounts in naira as '₦150,000.00', admins by name, transaction types through the console's one
// label map, keys as words. GET /api/admin/audit answers amounts in naira (stored as kobo) and admins by id.
import { formatNaira } from "@kolo/domain";
import { typeLabel } from "./type-label";

/** Keys whose value is an amount of naira. */
const NAIRA_KEYS = new Set(["amount", "balance"]);
/** Keys whose value is an admin's user id. */
const ADMIN_KEYS = new Set(["createdBy", "requestedBy", "approvedBy", "decidedBy", "adminId"]);
/** The setting whose value is naira (the four-eyes threshold); every other setting is a switch. */
const NAIRA_SETTINGS = new Set(["setting:adjustment_approval_threshold"]);

const KEY_LABELS: Record<string, string> = {
  amount: "Amount",
  balance: "Balance",
  createdBy: "Requested by",
  requestedBy: "Requested by",
  approvedBy: "Approved by",
  decidedBy: "Decided by",
  approvalId: "Approval",
  failedLoginCount: "Failed sign-ins",
  providerStatus: "Provider status",
  resolvedWith: "Resolved with item",
};

/** 'providerStatus' -> 'Provider status'. */
const words = (key: string) => {
  const spaced = key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/_/g, " ")
    .toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
};

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** One value as the trail shows it; `subject` tells a naira setting from a switch. */
function formatValue(key: string, value: unknown, subject: string, adminNames: ReadonlyMap<number, string>): string {
  if (value === null || value === undefined) return "none";
  if (typeof value === "number" && (NAIRA_KEYS.has(key) || (key === "value" && NAIRA_SETTINGS.has(subject)))) return formatNaira(value);
  if (typeof value === "number" && ADMIN_KEYS.has(key)) return adminNames.get(value) ?? `Admin ${value}`;
  if (typeof value === "boolean") return key === "value" ? (value ? "On" : "Off") : value ? "Yes" : "No";
  if (key === "type" && typeof value === "string") return typeLabel(value);
  if ((key === "status" || key === "role" || key === "resolution") && typeof value === "string") return capitalise(value);
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/**
 * An audit entry's before or after values as 'Label: value' parts, in the order recorded:
 * `{amount: 150000, createdBy: 1}` -> ['Amount: ₦150,000.00', 'Requested by: Ada Admin'].
 * `adminNames` maps admin ids to names (the audit list's `admins`); an unknown id reads 'Admin {id}'.
 */
export function auditFields(values: Record<string, unknown> | null, subject: string, adminNames: ReadonlyMap<number, string>): string[] {
  if (!values) return [];
  return Object.entries(values).map(([key, value]) => `${KEY_LABELS[key] ?? words(key)}: ${formatValue(key, value, subject, adminNames)}`);
}
