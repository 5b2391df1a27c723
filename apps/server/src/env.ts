// The only reader of process.env in the server (STYLE 3): validated with zod at start-up and
// passed on as typed config. Add new variables here and to the README's table.
import { fileURLToPath } from "node:url";
import { z } from "zod";

const REPO_ROOT = fileURLToPath(new URL("../../../", import.meta.url));

const boolean = z
  .enum(["true", "false", "1", "0"])
  .transform((v) => v === "true" || v === "1")
  .optional();

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  /** Origin the browser uses (callback URLs, origin check); defaults to http://localhost:PORT. */
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z.string().optional(),
  KOLO_DATA_DIR: z.string().default(`${REPO_ROOT}.data`),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
  SEED_DEMO: boolean,
  WEB_DIST_DIR: z.string().default(`${REPO_ROOT}apps/web/dist`),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(30),
  AUTH_RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
  PAYSTACK_SECRET_KEY: z.string().optional(),
  PAYSTACK_BASE_URL: z.url().default("https://api.paystack.co"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export type Env = z.infer<typeof schema>;

/** Parses the environment; exits with a readable message on bad values. */
export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    console.error("Invalid environment:\n" + z.prettifyError(parsed.error));
    process.exit(1);
  }
  return parsed.data;
}
