import { TRPCClientError } from "@trpc/client";
import { describe, expect, it } from "vitest";
import { loginFailureToast } from "./login-failure";

/** A TRPCClientError as the server's error formatter shapes it. */
function serverError(message: string, code: string, details: unknown = null, domainCode = code) {
  return new TRPCClientError(message, {
    result: { error: { message, code: -32000, data: { code, domainCode, httpStatus: 400, details } } },
  } as never);
}

describe("loginFailureToast (docs/product.md#accounts-and-sessions)", () => {
  it("explains a suspended account", () => {
    expect(loginFailureToast(serverError("Account suspended", "FORBIDDEN", null, "ACCOUNT_SUSPENDED"))).toEqual({
      title: "Account Suspended",
      message: "Your account has been suspended. Please contact support for assistance.",
    });
  });

  it("explains a locked account", () => {
    expect(loginFailureToast(serverError("Account locked", "FORBIDDEN", null, "ACCOUNT_LOCKED"))).toEqual({
      title: "Account Locked",
      message: "Your account has been locked due to too many failed login attempts. Please contact support.",
    });
  });

  it("shows details, else the message, else 'Account unavailable' for another 403", () => {
    expect(loginFailureToast(serverError("Nope", "FORBIDDEN", "Account unavailable until review"))).toEqual({
      title: "Account Unavailable",
      message: "Account unavailable until review",
    });
    expect(loginFailureToast(serverError("Forbidden here", "FORBIDDEN"))).toEqual({ title: "Login Failed", message: "Forbidden here" });
    expect(loginFailureToast(serverError("", "FORBIDDEN"))).toEqual({ title: "Account Unavailable", message: "Account unavailable" });
  });

  it("shows the server message for wrong credentials", () => {
    expect(loginFailureToast(serverError("Invalid email or password", "UNAUTHORIZED"))).toEqual({
      title: "Login Failed",
      message: "Invalid email or password",
    });
  });

  it("falls back to 'Login failed' without a server answer", () => {
    expect(loginFailureToast(new TypeError("Failed to fetch"))).toEqual({ title: "Login Failed", message: "Login failed" });
  });
});
