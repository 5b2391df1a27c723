// The benchmarks' server: the real server with a throwaway database and the built web app
// (tooling/scripts/e2e-server.mjs, as the browser tests use), on `port`.
import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

/** Starts the server on `port` and resolves once GET /api/health answers (at most 2 minutes). Stop it with `.kill("SIGTERM")`. */
export async function startBenchServer(port: number): Promise<ChildProcess> {
  const script = fileURLToPath(new URL("../../../tooling/scripts/e2e-server.mjs", import.meta.url));
  const server = spawn(process.execPath, [script], { env: { ...process.env, PORT: String(port), LOG_LEVEL: "warn" }, stdio: ["ignore", "inherit", "inherit"] });
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return server;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  server.kill("SIGTERM");
  throw new Error(`server on port ${port} did not start`);
}
