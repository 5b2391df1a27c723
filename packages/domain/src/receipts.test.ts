import { describe, expect, it } from "vitest";
import { formatReceiptCode, normaliseReceiptCode, receiptLines } from "./receipts";
import { narrationSchema } from "./transfers";

describe("normaliseReceiptCode", () => {
  it("reads a code typed with spaces, dashes or capitals as the printed code", () => {
    for (const typed of ["r43m7tqchjomc7ni", "r43m 7tqc hjom c7ni", "R43M 7TQC HJOM C7NI", "  r43m-7tqc-hjom-c7ni ", "R43M\t7tqc\nhjom c7ni"]) {
      expect(normaliseReceiptCode(typed)).toBe("r43m7tqchjomc7ni");
    }
    expect(normaliseReceiptCode(formatReceiptCode("r43m7tqchjomc7ni"))).toBe("r43m7tqchjomc7ni");
  });
  it("refuses what cannot be a code", () => {
    for (const typed of ["", "r43m7tqchjomc7n", "r43m7tqchjomc7nia", "r43m7tqchjomc7n1", "r43m7tqchjomc7n!", "r43m_7tqc_hjom_c7ni"]) {
      expect(normaliseReceiptCode(typed)).toBeNull();
    }
  });
});

describe("receiptLines and the narration", () => {
  const receipt = {
    title: "Transfer to a Kolo user",
    status: "completed",
    date: "1 May 2026, 10:00",
    from: { name: "Kemi", account: "Kolo wallet" },
    to: { name: "Ada", account: "Kolo wallet" },
    amount: 500,
    fee: 0,
    reference: "KOLO-P2P-1",
  };
  it("prints 'Narration' after the fee when the sender gave one, and nothing otherwise", () => {
    const labels = (narration: string | null) => receiptLines({ ...receipt, narration }).map((line) => line.label);
    expect(labels("Rent")).toEqual(["Type", "Date", "From", "To", "Amount", "Fee", "Narration", "Reference"]);
    expect(receiptLines({ ...receipt, narration: "Rent" })).toContainEqual({ label: "Narration", value: "Rent" });
    expect(labels(null)).not.toContain("Narration");
  });
  it("narrationSchema: trimmed, blank is none, at most 100 characters, no control characters", () => {
    expect(narrationSchema.parse("  Rent  ")).toBe("Rent");
    expect(narrationSchema.parse("   ")).toBeUndefined();
    expect(narrationSchema.parse(undefined)).toBeUndefined();
    expect(narrationSchema.parse("x".repeat(100))).toHaveLength(100);
    for (const bad of ["x".repeat(101), "a\u0000b", "a\nb", "\u0085"]) expect(narrationSchema.safeParse(bad).success).toBe(false);
  });
});
