// `npm run pnpm -- seed:scale [--users 1000000] [--transactions 10000000] [--months 12] [--force]`
// (docs/performance.md "At scale"): fills DATABASE_URL, else the embedded PostgreSQL `npm start`
// uses (the running one when `npm start` is up, else started for the run and stopped after), as
// `ledger:verify` opens it. Run it again after a stop: it resumes where it stopped.
import { hashPassword } from "@kolo/api";
import { prepareDatabase } from "@kolo/db";
import { readEnv } from "./env";
import { openKoloDatabase } from "./kolo-database";
import { SEED_SCALE_BUSIEST_EMAIL, SEED_SCALE_PASSWORD, SEED_SCALE_PIN, seedScale } from "./seed-scale";
import { runCommand } from "./command";

/** The value of `--name N` as a positive whole number, else `fallback`; throws on anything else. */
function numberArg(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  if (at < 0) return fallback;
  const value = Number(process.argv[at + 1]?.replaceAll("_", ""));
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`--${name} needs a positive whole number`);
  return value;
}

async function main(): Promise<number> {
  const users = numberArg("users", 1_000_000);
  const transactions = numberArg("transactions", 10_000_000);
  const months = numberArg("months", 12);
  if (users < 10) throw new Error("--users needs at least 10 users");
  const { url, stop } = await openKoloDatabase(readEnv());
  try {
    await prepareDatabase(url);
    const started = performance.now();
    // One hash of the password and one of the PIN, shared by every seed user: argon2id per user would take hours.
    const [passwordHash, pinHash] = await Promise.all([hashPassword(SEED_SCALE_PASSWORD), hashPassword(SEED_SCALE_PIN)]);
    await seedScale(url, { users, transactions, months, force: process.argv.includes("--force"), passwordHash, pinHash });
    console.log(
      `seed:scale done in ${((performance.now() - started) / 1000).toFixed(0)} s. Every seed user signs in with the password ${SEED_SCALE_PASSWORD} (PIN ${SEED_SCALE_PIN}); the busiest is ${SEED_SCALE_BUSIEST_EMAIL}.`,
    );
    return 0;
  } finally {
    await stop?.();
  }
}

runCommand(main);
