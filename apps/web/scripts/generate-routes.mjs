// Writes src/routeTree.gen.ts (git-ignored) without building, so `tsc --noEmit` works on a fresh
// clone. Resolving the Vite config runs the TanStack Router plugin's generator (configResolved).
import { fileURLToPath } from "node:url";
import { resolveConfig } from "vite";

const root = fileURLToPath(new URL("..", import.meta.url));
await resolveConfig({ root, configFile: fileURLToPath(new URL("../vite.config.ts", import.meta.url)), logLevel: "warn" }, "build");
