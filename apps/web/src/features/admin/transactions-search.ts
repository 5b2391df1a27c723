import { ADMIN_TRANSACTION_TABS } from "@kolo/domain";
import { type SearchSchemaInput } from "@tanstack/react-router";
import { optionalOneOf, optionalPositiveInt, optionalString } from "../../lib/search";

/** ?status&page&reference, forgiving: an unknown tab is All, anything unusable page 1, no reference none (no zod here: see lib/search.ts). */
export const validateSearch = (raw: { status?: unknown; page?: unknown; reference?: unknown } & SearchSchemaInput) => ({
  status: optionalOneOf(raw.status, ADMIN_TRANSACTION_TABS) ?? "all",
  page: optionalPositiveInt(raw.page) ?? 1,
  reference: (optionalString(raw.reference) ?? "").trim().slice(0, 100),
});
