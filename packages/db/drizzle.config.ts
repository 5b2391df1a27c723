// drizzle-kit configuration: `pnpm db:generate` writes SQL migrations to ./drizzle from the schema.
import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: "./src/schema/index.ts",
  out: "./drizzle",
  casing: "snake_case",
});
