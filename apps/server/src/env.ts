// The only reader of process.env in the server: validated with zod at start-up and
// passed on as typed config. Add new variables here and to docs/configuration.md.
import { isIP } from "node:net";
import { fileURLToPath } from "node:url";
import type { ProviderSettingsByName } from "@kolo/api";
import { z } from "zod";

const REPO_ROOT = fileURLToPath(new URL("../../../", import.meta.url));

/** "true"/"1" and "false"/"0"; unset or blank (docker compose's `${VAR:-}`) is undefined. */
const boolean = z
  .enum(["true", "false", "1", "0", ""])
  .transform((v) => (v === "" ? undefined : v === "true" || v === "1"))
  .optional();

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY like addresses and CIDRs. */
const PROXY_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

const isProxyEntry = (entry: string) => {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = "", bits, ...rest] = entry.split("/");
  return rest.length === 0 && isIP(address) !== 0 && (bits === undefined || /^\d{1,3}$/.test(bits));
};

/** "10.0.0.1, 10.1.0.0/16" -> "10.0.0.1,10.1.0.0/16"; blank -> undefined (trust no proxy). */
const trustProxy = z
  .string()
  .optional()
  .transform(
    (value) =>
      value
        ?.split(",")
        .map((entry) => entry.trim())
        .filter(Boolean)
        .join(",") || undefined,
  )
  .refine((value) => value === undefined || value.split(",").every(isProxyEntry), {
    error: "TRUST_PROXY lists the proxies' addresses or CIDRs, comma-separated (or loopback, linklocal, uniquelocal)",
  });

const schema = z
  .object({
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
    /** Recipient lookups (and P2P transfers, which resolve one) per user in 10 minutes; benchmarks raise it. */
    RECIPIENT_LOOKUP_LIMIT: z.coerce.number().int().positive().default(30),
    PAYSTACK_SECRET_KEY: z.string().optional(),
    PAYSTACK_BASE_URL: z.url().default("https://api.paystack.co"),
    /** VTpass (airtime, data): all three keys set = the real API at VTPASS_BASE_URL; else the built-in sandbox under /sandbox/vtpass. */
    VTPASS_API_KEY: z.string().optional(),
    VTPASS_PUBLIC_KEY: z.string().optional(),
    VTPASS_SECRET_KEY: z.string().optional(),
    VTPASS_BASE_URL: z.url().default("https://vtpass.com/api"),
    /** How long a VTpass call may take before it counts as no answer (the purchase stays pending). */
    VTPASS_TIMEOUT_MS: z.coerce.number().int().positive().max(300_000).default(30_000),
    /** VTpass sandbox: how long 201000000000's purchase stays processing before requery answers delivered. */
    VTPASS_SANDBOX_PENDING_MS: z.coerce.number().int().min(0).max(86_400_000).default(5_000),
    /**
     * Key of the keyed hash BVNs are stored as (HMAC-SHA256), at least 32 characters. Required in
     * production; elsewhere a random key per start (stored BVN hashes then do not match after a restart).
     */
    BVN_HASH_KEY: z
      .string()
      .optional()
      .transform((value) => value?.trim() || undefined)
      .refine((value) => value === undefined || value.length >= 32, { error: "BVN_HASH_KEY must be at least 32 characters" }),
    /** Delay before a provider sandbox sends a queued event's webhook (payouts), in ms. */
    /** Where the built-in sandboxes deliver their webhooks (the `cluster` command: its HAProxy, so either server gets them); default this server. */
    SANDBOX_WEBHOOK_BASE_URL: z.preprocess((value) => (typeof value === "string" && value.trim() === "" ? undefined : value), z.url().optional()),
    SANDBOX_WEBHOOK_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(2_000),
    /**
     * Retry interval of a Paystack sandbox charge webhook that got no 200 (ms; Paystack's 3 minutes
     * by default): retried every interval 4 times, then every 20 intervals (docs/providers.md "Webhook retries").
     */
    SANDBOX_WEBHOOK_RETRY_MS: z.coerce.number().int().min(100).max(3_600_000).default(180_000),
    /**
     * Built-in sandboxes: their slow fixtures wait for a control instead of a timer (docs/providers.md
     * "Sandbox controls"): VTpass's pending purchases until `.../release`, Paystack's payouts until
     * `.../settle`. The browser tests' server sets it; off by default (the timers above run).
     */
    SANDBOX_HOLD: boolean,
    /** Delay of the first provider requery of an unclear payout or purchase (ms); later ones back off from it. */
    REQUERY_FIRST_DELAY_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
    /** SMTP server for e-mail (nodemailer URL, e.g. smtps://user:pass@host:465); unset: the sandbox mailbox at /sandbox/mail. */
    SMTP_URL: z.preprocess((value) => (typeof value === "string" && value.trim() === "" ? undefined : value), z.url().optional()),
    /** The From address of e-mail. */
    MAIL_FROM: z.string().default("Kolo <no-reply@kolo.ng>"),
    /** Run the built-in provider sandboxes even with NODE_ENV=production (demos only). */
    KOLO_SANDBOX: boolean,
    /** `ha up` only: HAProxy's PostgreSQL port, always the Patroni leader (the servers' DATABASE_URL). */
    HA_PG_PORT: z.coerce.number().int().min(1).max(65535).default(5000),
    /** `cluster` only: how many servers run behind HAProxy. */
    KOLO_SERVERS: z.coerce.number().int().min(1).max(16).default(2),
    /** Servers of one cluster share it (the `cluster` command sets it): their provider sandboxes get the same keys. */
    KOLO_SANDBOX_SEED: z.preprocess(
      (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
      z.string().min(32, { error: "KOLO_SANDBOX_SEED must be at least 32 characters" }).optional(),
    ),
    /** Proxies whose X-Forwarded-For/-Proto/-Host are believed; unset: none. */
    TRUST_PROXY: trustProxy,
    /** Deadline of every /api and /trpc request; past it the answer is 503. */
    REQUEST_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
    /** PostgreSQL statement_timeout of the app's connections; a slower statement is cancelled (503). */
    /** Connections in the server's PostgreSQL pool (docs/performance.md: fewer, busier connections write less). */
    DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
    DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
    /** Longest wait for a new database connection to be ready. */
    DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().positive().default(5_000),
    /** How long /api/health waits for `select 1` before answering 503. */
    HEALTH_TIMEOUT_MS: z.coerce.number().int().positive().default(2_000),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  })
  .superRefine((env, ctx) => {
    // docs/decisions.md: production never runs a provider sandbox by accident; with it,
    // anyone holding a checkout link could "pay" without a card.
    if (env.NODE_ENV === "production" && !env.PAYSTACK_SECRET_KEY && !env.KOLO_SANDBOX) {
      ctx.addIssue({
        code: "custom",
        path: ["PAYSTACK_SECRET_KEY"],
        message:
          "NODE_ENV=production needs PAYSTACK_SECRET_KEY: without it card payments run on the built-in sandbox, " +
          "where anyone with a checkout link can pay without a card. Set KOLO_SANDBOX=1 to run the sandbox on purpose.",
      });
    }
    const vtpassKeys = [env.VTPASS_API_KEY, env.VTPASS_PUBLIC_KEY, env.VTPASS_SECRET_KEY].filter(Boolean).length;
    if (vtpassKeys !== 0 && vtpassKeys !== 3) {
      ctx.addIssue({
        code: "custom",
        path: ["VTPASS_SECRET_KEY"],
        message: "VTpass needs all three of VTPASS_API_KEY, VTPASS_PUBLIC_KEY and VTPASS_SECRET_KEY (or none, for the sandbox).",
      });
    }
    if (env.NODE_ENV === "production" && vtpassKeys === 0 && !env.KOLO_SANDBOX) {
      ctx.addIssue({
        code: "custom",
        path: ["VTPASS_SECRET_KEY"],
        message:
          "NODE_ENV=production needs VTPASS_API_KEY, VTPASS_PUBLIC_KEY and VTPASS_SECRET_KEY: without them airtime and data run on the built-in sandbox. Set KOLO_SANDBOX=1 to run the sandbox on purpose.",
      });
    }
    // A live provider beside a sandbox one (docs/decisions.md "Security, second round"): real money
    // would move on one side on the word of a sandbox anyone can drive on the other. Even with
    // KOLO_SANDBOX, production runs all sandboxes or none.
    // (Without KOLO_SANDBOX the missing keys are reported above.)
    if (env.NODE_ENV === "production" && env.KOLO_SANDBOX && Boolean(env.PAYSTACK_SECRET_KEY) !== (vtpassKeys === 3)) {
      ctx.addIssue({
        code: "custom",
        path: [env.PAYSTACK_SECRET_KEY ? "VTPASS_SECRET_KEY" : "PAYSTACK_SECRET_KEY"],
        message:
          "NODE_ENV=production runs Paystack and VTpass both live or both on the built-in sandboxes, never one of each: set the keys of both, or of neither (with KOLO_SANDBOX=1).",
      });
    }
    // Password-reset links must reach the user: production mails over SMTP unless it runs the sandboxes.
    if (env.NODE_ENV === "production" && !env.SMTP_URL && !env.KOLO_SANDBOX) {
      ctx.addIssue({
        code: "custom",
        path: ["SMTP_URL"],
        message:
          "NODE_ENV=production needs SMTP_URL (e.g. smtps://user:pass@host:465): without it e-mail stays in the built-in sandbox mailbox. Set KOLO_SANDBOX=1 to run the sandbox on purpose.",
      });
    }
    // docs/decisions.md: BVNs are stored as a keyed hash; production keeps its key.
    if (env.NODE_ENV === "production" && !env.BVN_HASH_KEY) {
      ctx.addIssue({
        code: "custom",
        path: ["BVN_HASH_KEY"],
        message: "NODE_ENV=production needs BVN_HASH_KEY (at least 32 random characters, e.g. `openssl rand -hex 32`): the key of the stored BVN hashes.",
      });
    }
  });

export type Env = z.infer<typeof schema>;

const LOOPBACK_HOSTS = /^(127\.\d+\.\d+\.\d+|::1|localhost)$/i;

/**
 * The one warning line for a server started with no NODE_ENV on an address other machines can
 * reach (docs/decisions.md "Security, second round"): it runs in development mode (demo sign-ins,
 * sandboxes allowed). Null otherwise. `raw` is the process environment as given.
 */
export function developmentModeWarning(raw: Record<string, string | undefined>, host: string): string | null {
  if (raw.NODE_ENV !== undefined && raw.NODE_ENV !== "") return null;
  if (LOOPBACK_HOSTS.test(host)) return null;
  return `WARNING: NODE_ENV is not set: running in development mode (demo sign-ins, provider sandboxes) on ${host}, reachable from other machines. Set NODE_ENV=production for a real deployment.`;
}

/**
 * Each provider's keys and base URL, by the provider's name in the registry (packages/api
 * providers/registry.ts). A provider without a secret key runs on its built-in sandbox.
 */
export function providerSettings(env: Env): ProviderSettingsByName {
  return {
    paystack: { secretKey: env.PAYSTACK_SECRET_KEY, baseUrl: env.PAYSTACK_BASE_URL },
    vtpass: {
      secretKey: env.VTPASS_SECRET_KEY,
      apiKey: env.VTPASS_API_KEY,
      publicKey: env.VTPASS_PUBLIC_KEY,
      baseUrl: env.VTPASS_BASE_URL,
      timeoutMs: env.VTPASS_TIMEOUT_MS,
    },
  };
}

/** Validates an environment without exiting (tests); readEnv is the start-up path. */
export const parseEnv = (source: NodeJS.ProcessEnv) => schema.safeParse(source);

/** Parses the environment; exits with a readable message on bad values. */
export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = parseEnv(source);
  if (!parsed.success) {
    console.error("Invalid environment:\n" + z.prettifyError(parsed.error));
    process.exit(1);
  }
  return parsed.data;
}

/** developmentModeWarning for this process's environment. */
export const startupModeWarning = (host: string): string | null => developmentModeWarning(process.env, host);
