import { type SearchSchemaInput } from "@tanstack/react-router";
import { optionalOneOf, optionalPositiveInt } from "../../lib/search";

export const STATUSES = ["open", "resolved"] as const;

export const PAGE_SIZE = 20;

/** ?status&page, forgiving: unusable values are dropped (no zod here: see lib/search.ts). */
export const validateSearch = (raw: { status?: unknown; page?: unknown } & SearchSchemaInput) => ({
  status: optionalOneOf(raw.status, STATUSES) ?? "open",
  page: optionalPositiveInt(raw.page) ?? 1,
});
