export * from "./client";
export * from "./errors";
export * from "./migrate";
export * as schema from "./schema";
export * from "./queries";
export * from "./listen";
