import { describe, expect, it } from "vitest";
import { optionalOneOf, optionalPositiveInt, optionalPositiveNumber, optionalString } from "./search";

describe("search param parsers", () => {
  it("optionalString keeps strings, turns finite numbers into strings, drops the rest", () => {
    expect(optionalString("ref_1")).toBe("ref_1");
    expect(optionalString(123)).toBe("123");
    expect(optionalString(undefined)).toBeUndefined();
    expect(optionalString({ a: 1 })).toBeUndefined();
    expect(optionalString(Number.NaN)).toBeUndefined();
  });

  it("optionalPositiveNumber accepts numbers and numeric strings above 0", () => {
    expect(optionalPositiveNumber(2500)).toBe(2500);
    expect(optionalPositiveNumber("12.5")).toBe(12.5);
    expect(optionalPositiveNumber(0)).toBeUndefined();
    expect(optionalPositiveNumber(-3)).toBeUndefined();
    expect(optionalPositiveNumber("")).toBeUndefined();
    expect(optionalPositiveNumber("abc")).toBeUndefined();
    expect(optionalPositiveNumber(true)).toBeUndefined();
  });

  it("optionalPositiveInt accepts only safe integers above 0", () => {
    expect(optionalPositiveInt(7)).toBe(7);
    expect(optionalPositiveInt("42")).toBe(42);
    expect(optionalPositiveInt(1.5)).toBeUndefined();
    expect(optionalPositiveInt(2 ** 60)).toBeUndefined();
  });

  it("optionalOneOf accepts only the listed values", () => {
    expect(optionalOneOf("topup", ["all", "topup"] as const)).toBe("topup");
    expect(optionalOneOf("nope", ["all", "topup"] as const)).toBeUndefined();
    expect(optionalOneOf(1, ["all"] as const)).toBeUndefined();
  });
});
