export * from "./users";
export * from "./features";
export * from "./ledger";
