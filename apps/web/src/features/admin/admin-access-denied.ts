// The toast of a non-admin turned away from /admin (docs/product.md#admin-console). Loaded on
// demand by the admin layout's guard, so its texts are not part of every screen's JavaScript.
import { ADMIN_MESSAGES } from "@kolo/domain";
import { notifyError } from "../../lib/notify";

/** Shows 'Access Denied' with the message of the admin page that was asked for. */
export function notifyAdminAccessDenied(pathname: string): void {
  notifyError(ADMIN_MESSAGES.accessDenied, pathname.startsWith("/admin/settings") ? ADMIN_MESSAGES.noSettingsAccess : ADMIN_MESSAGES.noDashboardAccess);
}
