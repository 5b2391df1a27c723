// Vite build and dev server for the web app. The router plugin must come before react(): it
// generates src/routeTree.gen.ts and splits route code. Dev proxies the API to the server on :3000.
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const apiServer = "http://localhost:3000";

export default defineConfig({
  plugins: [tanstackRouter({ target: "react", autoCodeSplitting: true }), react()],
  server: {
    proxy: { "/trpc": apiServer, "/api": apiServer, "/sandbox": apiServer },
  },
  build: { outDir: "dist", emptyOutDir: true },
});
