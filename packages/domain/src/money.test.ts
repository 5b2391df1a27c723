import { describe, expect, it } from "vitest";
import { formatKobo, koboToNaira, nairaToKobo } from "./money";
import { positiveNairaAmount } from "./money-schema";

describe("naira <-> kobo", () => {
  it("converts exactly at 2 decimals, including values binary floats cannot hold", () => {
    expect(nairaToKobo(1250.5)).toBe(125050n);
    expect(nairaToKobo(0.29)).toBe(29n);
    expect(nairaToKobo(19.99)).toBe(1999n);
    expect(nairaToKobo(0.1 + 0.2)).toBe(30n);
    expect(koboToNaira(125050n)).toBe(1250.5);
  });

  it("refuses more than 2 decimals, NaN and Infinity", () => {
    expect(() => nairaToKobo(1.001)).toThrow(RangeError);
    expect(() => nairaToKobo(Number.NaN)).toThrow(RangeError);
    expect(() => nairaToKobo(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it("positiveNairaAmount parses to kobo and rejects zero, negatives and 3 decimals with field messages", () => {
    const schema = positiveNairaAmount();
    expect(schema.parse(5000)).toBe(500000n);
    expect(schema.safeParse(0).error?.issues[0]?.message).toBe("Amount must be positive");
    expect(schema.safeParse(-5).error?.issues[0]?.message).toBe("Amount must be positive");
    expect(schema.safeParse(10.123).error?.issues[0]?.message).toBe("Amount can have at most 2 decimals");
    expect(schema.safeParse("100").success).toBe(false);
  });

  it("formats in en-NG naira", () => {
    expect(formatKobo(125050n)).toBe("₦1,250.50");
    expect(formatKobo(0n)).toBe("₦0.00");
  });
});
