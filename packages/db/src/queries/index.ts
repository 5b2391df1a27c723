export * from "./users";
export * from "./sessions";
export * from "./features";
export * from "./ledger";
export * from "./transactions";
export * from "./topups";
export * from "./topup-expiry";
export * from "./bank-accounts";
