// Every requery kind the worker runs (packages/api/src/jobs/requery.ts). A new provider outcome
// that can stay unclear adds its kind here.
import type { RequeryKind } from "./requery";

/** The requery kinds the job worker knows, by `kind`. */
export const REQUERY_KINDS: RequeryKind[] = [];
