import { describe, expect, it } from "vitest";
import { loginSchema, registerFormSchema, registerSchema } from "./auth";

describe("loginSchema", () => {
  it("normalises the e-mail and accepts username in its place", () => {
    expect(loginSchema.parse({ email: "  Ada@Example.COM ", password: "secret1" })).toEqual({ email: "ada@example.com", password: "secret1" });
    expect(loginSchema.parse({ username: "ada@example.com", password: "secret1" }).email).toBe("ada@example.com");
  });

  it("reports both field errors at once with the spec's messages", () => {
    const result = loginSchema.safeParse({ email: "nope", password: "123" });
    expect(result.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["email", "Please enter a valid email address"],
      ["password", "Password must be at least 6 characters"],
    ]);
  });
});

describe("register schemas", () => {
  it("puts 'Passwords do not match' on confirmPassword", () => {
    const result = registerFormSchema.safeParse({ name: "Ada Obi", email: "a@b.co", phone: "", password: "secret1", confirmPassword: "secret2" });
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ["confirmPassword"], message: "Passwords do not match" })]);
  });

  it("trims the name and drops an empty phone", () => {
    expect(registerSchema.parse({ name: "  Ada ", email: "A@B.co", phone: "", password: "secret1" })).toMatchObject({
      name: "Ada",
      email: "a@b.co",
      phone: undefined,
    });
    expect(registerSchema.safeParse({ name: "A", email: "a@b.co", password: "secret1" }).error?.issues[0]?.message).toBe("Name must be at least 2 characters");
  });
});
