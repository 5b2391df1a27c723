import { type SearchSchemaInput } from "@tanstack/react-router";
import { optionalPositiveInt, optionalString } from "../../lib/search";

/** ?page&search, forgiving: anything unusable falls back to page 1 and no search (no zod here: see lib/search.ts). */
export const validateSearch = (raw: { page?: unknown; search?: unknown } & SearchSchemaInput) => ({
  page: optionalPositiveInt(raw.page) ?? 1,
  search: optionalString(raw.search) ?? "",
});
