// `pnpm ledger:verify` lands here (docs/ledger-verification.md): verifies the ledger of
// DATABASE_URL, else of the embedded PostgreSQL `npm start` uses (the running one when `npm start`
// is up, else started for the check and stopped after). Incremental from the accounts' checkpoints
// once a run has recorded them; `--full` recomputes every chain from the genesis hash. Prints one
// line per check, records the result (and, when it passed, the new checkpoints), and exits 1
// naming the first broken account or entry when a check fails.
import { createDb, prepareDatabase, recordLedgerVerification, verifyLedger } from "@kolo/db";
import { readEnv } from "./env";
import { openKoloDatabase } from "./kolo-database";
import { runCommand } from "./command";

async function main(): Promise<number> {
  const env = readEnv();
  const { url, stop } = await openKoloDatabase(env);
  try {
    await prepareDatabase(url);
    const { db, close } = createDb(url, { max: 2 });
    try {
      const started = performance.now();
      const result = await verifyLedger(db, { full: process.argv.includes("--full") });
      console.log(`${result.mode} verification: ${result.postingsVerified} postings read in ${Math.round(performance.now() - started)} ms`);
      for (const check of result.checks) console.log(`${check.ok ? "ok    " : "FAILED"}  ${check.name}: ${check.detail}`);
      console.log(`heads digest ${result.headsDigest}`);
      await recordLedgerVerification(db, result);
      if (!result.ok) {
        console.error(`Ledger verification FAILED: first broken ${result.firstBroken ?? "?"}`);
        return 1;
      }
      console.log("Ledger verified: every chain and invariant holds");
      return 0;
    } finally {
      await close();
    }
  } finally {
    await stop?.();
  }
}

runCommand(main);
