// The ending of a command-line tool of the server (ledger:verify, seed:scale).

/**
 * Runs `main` and exits with the code it answers (0 done, 1 a finding such as a broken ledger);
 * an error is printed as its message alone and exits 2.
 */
export function runCommand(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(2);
    },
  );
}
