import { ADMIN_AUDIT_ACTIONS } from "@kolo/domain";
import { type SearchSchemaInput } from "@tanstack/react-router";
import { optionalOneOf, optionalPositiveInt } from "../../lib/search";

export const PAGE_SIZE = 50;

/** ?page&adminId&userId&action, forgiving: unusable values are dropped (no zod here: see lib/search.ts). */
export const validateSearch = (raw: { page?: unknown; adminId?: unknown; userId?: unknown; action?: unknown } & SearchSchemaInput) => ({
  page: optionalPositiveInt(raw.page) ?? 1,
  adminId: optionalPositiveInt(raw.adminId),
  userId: optionalPositiveInt(raw.userId),
  action: optionalOneOf(raw.action, ADMIN_AUDIT_ACTIONS),
});
