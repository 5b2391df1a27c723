import { describe, expect, it } from "vitest";
import { groupThousands } from "./form-inputs";

describe("groupThousands", () => {
  it("puts a comma between groups of three digits and keeps up to two decimals", () => {
    expect(groupThousands("1234")).toBe("1,234");
    expect(groupThousands("1234567.5")).toBe("1,234,567.5");
    expect(groupThousands("12,34")).toBe("1,234");
    expect(groupThousands("999")).toBe("999");
    expect(groupThousands("1000.")).toBe("1,000.");
    expect(groupThousands("007")).toBe("7");
  });
  it("leaves what the form must refuse as typed", () => {
    for (const text of ["1e3", "-5", "1.234", "abc", "", "1..2"]) expect(groupThousands(text)).toBeNull();
  });
});
