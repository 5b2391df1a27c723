// `npm run pnpm -- fault-campaign [--ops N] [--seed S] [--servers K | --ha]` (docs/operations.md
// "Fault campaign"): runs the campaign on its own cluster (or `ha up`'s, killing the primary
// once), prints one line per invariant and the summary line; exits 0 when all hold, 1 naming the
// first broken one and the seed, 2 when it could not run.
import { parseCampaignArgs, runCampaign } from "./campaign";

async function main(): Promise<number> {
  const options = parseCampaignArgs(process.argv.slice(2));
  console.log(
    `fault-campaign: ${options.ops} operations, seed ${options.seed}, ${options.servers} servers${options.ha ? " on ha (PostgreSQL 15 under Patroni)" : ""}`,
  );
  const result = await runCampaign({ ...options, log: (line) => console.log(`  ${line}`) });
  console.log(`  operations: ${JSON.stringify(result.byKind)}`);
  console.log(`  webhooks: ${JSON.stringify(result.webhooks)}; settled and checked in ${result.settleMs} ms`);
  for (const invariant of result.invariants) console.log(`${invariant.ok ? "ok    " : "BROKEN"}  ${invariant.name}: ${invariant.detail}`);
  console.log(result.line);
  return result.broken ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(2);
  },
);
