export * from "./errors";
export * from "./money";
export * from "./auth";
export * from "./features";
export * from "./verification";
export * from "./dates";
export * from "./ledger";
