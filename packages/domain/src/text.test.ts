import { describe, expect, it } from "vitest";
import { registerFormSchema } from "./auth";
import { CONTROL_CHARACTERS_MESSAGE, PHONE_MESSAGE, hasControlCharacters, normaliseNigerianPhone, plainText } from "./text";

describe("plainText", () => {
  it("refuses C0, DEL and C1 control characters and accepts other text", () => {
    for (const bad of ["a\u0000b", "tab\there", "line\n", "del\u007f", "c1\u0085"]) {
      expect(hasControlCharacters(bad), JSON.stringify(bad)).toBe(true);
      expect(plainText().safeParse(bad).error?.issues[0]?.message).toBe(CONTROL_CHARACTERS_MESSAGE);
    }
    for (const good of ["Ngozi Adé", "₦1,250.50", "emoji 🙂", ""]) expect(plainText().safeParse(good).success, good).toBe(true);
  });
});

describe("normaliseNigerianPhone (docs/product.md, docs/decisions.md)", () => {
  it("reads +234, 234 and 0 prefixes as the same number, 0 + 10 digits", () => {
    for (const input of ["+2348031234567", "2348031234567", "08031234567", "+234 803 123 4567", "0803-123-4567"]) {
      expect(normaliseNigerianPhone(input), input).toBe("08031234567");
    }
  });

  it("refuses anything else", () => {
    for (const input of ["8031234567", "0803123456", "080312345678", "+23408031234567", "+1 202 555 0100", "0803123456a", ""]) {
      expect(normaliseNigerianPhone(input), input).toBeUndefined();
    }
  });

  it("the register form shows the spec's message on the phone field; blank is allowed", () => {
    const form = { name: "Ada Obi", email: "a@b.co", password: "secret1", confirmPassword: "secret1" };
    expect(registerFormSchema.safeParse({ ...form, phone: "12345" }).error?.issues).toEqual([
      expect.objectContaining({ path: ["phone"], message: PHONE_MESSAGE }),
    ]);
    expect(registerFormSchema.parse({ ...form, phone: " " }).phone).toBeUndefined();
    expect(registerFormSchema.parse({ ...form, phone: "+234 803 123 4567" }).phone).toBe("08031234567");
  });
});
