export * from "./users";
export * from "./features";
export * from "./ledger";
export * from "./provider-sandbox";
export * from "./banking";
export * from "./identity";
export * from "./merchants";
export * from "./support";
