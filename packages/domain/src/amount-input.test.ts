import { describe, expect, it } from "vitest";
import { positiveNairaAmount } from "./money-schema";
import { NAIRA_INPUT_MESSAGES, nairaInputText, parseNairaInput } from "./amount-input";

const ok = (text: string) => {
  const parsed = parseNairaInput(text);
  if (!parsed.ok) throw new Error(`${text}: ${parsed.error}`);
  return [parsed.naira, parsed.kobo];
};
const error = (text: string) => {
  const parsed = parseNairaInput(text);
  return parsed.ok ? `parsed as ${parsed.naira}` : parsed.error;
};

describe("parseNairaInput", () => {
  it("reads plain digits, commas between groups of three and up to 2 decimals", () => {
    expect(ok("1000")).toEqual([1000, 100_000n]);
    expect(ok("1,000")).toEqual([1000, 100_000n]);
    expect(ok("1,000.50")).toEqual([1000.5, 100_050n]);
    expect(ok(" ₦12,345,678.9 ")).toEqual([12_345_678.9, 1_234_567_890n]);
    expect(ok("₦ 250")).toEqual([250, 25_000n]);
    expect(ok("0.29")).toEqual([0.29, 29n]);
    expect(ok(".5")).toEqual([0.5, 50n]);
    expect(ok("5.")).toEqual([5, 500n]);
    expect(ok("0")).toEqual([0, 0n]);
    expect(ok("9,999,999,999.99")).toEqual([9_999_999_999.99, 999_999_999_999n]);
  });

  it("refuses exponents, signs, letters and stray characters", () => {
    expect(error("1e3")).toBe(NAIRA_INPUT_MESSAGES.notANumber);
    expect(error("abc")).toBe(NAIRA_INPUT_MESSAGES.notANumber);
    expect(error("+5")).toBe(NAIRA_INPUT_MESSAGES.notANumber);
    expect(error("1 000")).toBe(NAIRA_INPUT_MESSAGES.notANumber);
    expect(error("1.2.3")).toBe(NAIRA_INPUT_MESSAGES.notANumber);
    expect(error(".")).toBe(NAIRA_INPUT_MESSAGES.notANumber);
    expect(error("Infinity")).toBe(NAIRA_INPUT_MESSAGES.notANumber);
    expect(error("0x10")).toBe(NAIRA_INPUT_MESSAGES.notANumber);
  });

  it("refuses negatives with the spec's message, and empty input", () => {
    expect(error("-5")).toBe("Amount must be positive");
    expect(error("−5")).toBe("Amount must be positive");
    expect(error("")).toBe("Please enter a valid amount");
    expect(error("  ")).toBe("Please enter a valid amount");
  });

  it("refuses commas that are not thousands separators (a decimal comma would be off by 100x)", () => {
    expect(error("1,00")).toBe(NAIRA_INPUT_MESSAGES.grouping);
    expect(error("10,00,000")).toBe(NAIRA_INPUT_MESSAGES.grouping);
    expect(error("1,,000")).toBe(NAIRA_INPUT_MESSAGES.grouping);
    expect(error(",100")).toBe(NAIRA_INPUT_MESSAGES.grouping);
    expect(error("1000,")).toBe(NAIRA_INPUT_MESSAGES.grouping);
    expect(error("1.0,0")).toBe(NAIRA_INPUT_MESSAGES.grouping);
  });

  it("refuses more than 2 decimals and amounts of ₦10 billion or more", () => {
    expect(error("1.234")).toBe("Amount can have at most 2 decimals");
    expect(error("10,000,000,000")).toBe(NAIRA_INPUT_MESSAGES.tooLarge);
    expect(error("99999999999999999999999")).toBe(NAIRA_INPUT_MESSAGES.tooLarge);
  });

  it("nairaInputText pipes into the wire schema, so forms share the server's rules", () => {
    const schema = nairaInputText.pipe(positiveNairaAmount());
    expect(schema.parse("1,250.50")).toBe(125_050n);
    expect(schema.safeParse("0").error?.issues[0]?.message).toBe("Amount must be positive");
    expect(schema.safeParse("1e3").error?.issues[0]?.message).toBe(NAIRA_INPUT_MESSAGES.notANumber);
  });
});
