import { describe, expect, it } from "vitest";
import { formatReceiptCode, normaliseReceiptCode } from "./receipts";

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
