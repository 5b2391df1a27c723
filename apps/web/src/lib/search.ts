// Parsers for the flat search params of the routes' validateSearch. Plain functions rather than
// zod schemas: every route's validateSearch is in the main bundle, and zod there would put zod on
// the sign-in screen, whose JavaScript has a budget (docs/performance.md "Web first screen").
// Each returns undefined for a missing or unusable value (the route then ignores the param).

/** A string; numbers (the router's JSON search parser turns "123" into 123) become strings. */
export function optionalString(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return undefined;
}

/** A finite number > 0, from a number or a numeric string. */
export function optionalPositiveNumber(value: unknown): number | undefined {
  const number = typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : Number.NaN;
  return Number.isFinite(number) && number > 0 ? number : undefined;
}

/** A safe integer > 0, from a number or a numeric string. */
export function optionalPositiveInt(value: unknown): number | undefined {
  const number = optionalPositiveNumber(value);
  return number !== undefined && Number.isSafeInteger(number) ? number : undefined;
}

/** One of `allowed`, else undefined. */
export function optionalOneOf<T extends string>(value: unknown, allowed: readonly T[]): T | undefined {
  return allowed.find((candidate) => candidate === value);
}
