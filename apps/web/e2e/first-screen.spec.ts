// The first screen's JavaScript budget: bytes, not time, so the check is
// deterministic. Every script /login loads without any interaction, gzipped at level 9, must
// total at most 130 KB; the server must send them compressed. Timings: `pnpm bench:web`.
import { gzipSync } from "node:zlib";
import { expect, test } from "@playwright/test";

const JS_BUDGET_GZIP_BYTES = 130 * 1024;

test("/login loads at most 130 KB of gzipped JavaScript, sent compressed", async ({ page }) => {
  const scripts: { url: string; encoding: string | undefined; gzip: number }[] = [];
  const pending: Promise<void>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    pending.push(
      response.body().then((body) => {
        scripts.push({ url: response.url(), encoding: response.headers()["content-encoding"], gzip: gzipSync(body, { level: 9 }).length });
      }),
    );
  });

  await page.goto("/login");
  await expect(page.getByRole("button", { name: "Sign In" })).toBeEnabled();
  await page.waitForLoadState("networkidle");
  await Promise.all(pending);

  const total = scripts.reduce((sum, script) => sum + script.gzip, 0);
  const report = scripts
    .sort((a, b) => b.gzip - a.gzip)
    .map((s) => `${(s.gzip / 1024).toFixed(1).padStart(6)} KB  ${s.encoding ?? "identity"}  ${new URL(s.url).pathname}`)
    .join("\n");
  console.log(`/login JavaScript: ${scripts.length} files, ${(total / 1024).toFixed(1)} KB gzipped\n${report}`);
  expect(total, report).toBeLessThanOrEqual(JS_BUDGET_GZIP_BYTES);
  for (const script of scripts) expect(script.encoding, script.url).toBe("br");
});
