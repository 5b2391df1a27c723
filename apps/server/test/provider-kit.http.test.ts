// The provider kit: the registry mounts each provider's sandbox and webhook
// route, and sandbox state lives in PostgreSQL so that a restart forgets no unpaid checkout.
import { PROVIDERS } from "@kolo/api";
import { useTestDatabase } from "@kolo/db/testing";
import { describe, expect, it } from "vitest";
import { api, signUp, startSandboxServer } from "./helpers";

const { t } = useTestDatabase();

describe("provider registry", () => {
  it("mounts every provider's webhook route and sandbox: unsigned webhooks are refused, the sandbox wants its key", async () => {
    const server = await startSandboxServer(t.db);
    // Each provider's sandbox path to probe without keys, and its webhook's answer to an unsigned
    // call (VTpass has no webhook: pending purchases are settled by requery, so 404).
    const probes: Record<string, { sandbox: string; webhook: number }> = {
      paystack: { sandbox: "/transaction/verify/nothing", webhook: 401 },
      vtpass: { sandbox: "/api/service-variations?serviceID=mtn-data", webhook: 404 },
    };
    try {
      for (const provider of PROVIDERS) {
        const probe = probes[provider.name];
        expect(probe, `a probe for ${provider.name}`).toBeDefined();
        const webhook = await fetch(`${server.base}/api/webhooks/${provider.name}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: "{}",
        });
        expect(webhook.status).toBe(probe!.webhook);
        const sandbox = await fetch(`${server.base}/sandbox/${provider.name}${probe!.sandbox}`);
        expect(sandbox.status).toBe(401);
      }
    } finally {
      await server.app.close();
    }
  });
});

describe("Paystack sandbox state in PostgreSQL", () => {
  it("an unpaid checkout survives a restart: the new process shows it, and Pay credits the wallet", async () => {
    const first = await startSandboxServer(t.db);
    const c = await signUp(first.base, "Restart Payer");
    const started = await api(c, "POST", "/api/wallet/topup", { amount: 1500 });
    expect(started.status).toBe(200);
    const { authorizationUrl, reference } = (await started.json()) as { authorizationUrl: string; reference: string };
    await first.app.close();

    const second = await startSandboxServer(t.db);
    try {
      const accessCode = new URL(authorizationUrl).pathname.split("/").pop()!;
      const checkoutUrl = `${second.base}/sandbox/paystack/checkout/${accessCode}`;
      const page = await fetch(checkoutUrl);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("₦1,500.00");
      const paid = await fetch(`${checkoutUrl}/pay`, { method: "POST", redirect: "manual", headers: { "content-type": "application/x-www-form-urlencoded" } });
      expect(paid.status).toBe(303);
      const again = { ...c, base: second.base };
      const me = (await (await api(again, "GET", "/api/auth/me")).json()) as { balance: number };
      expect(me.balance).toBe(1500);
      expect((await second.paystack.verifyCharge(reference)).status).toBe("success");
    } finally {
      await second.app.close();
    }
  });
});
