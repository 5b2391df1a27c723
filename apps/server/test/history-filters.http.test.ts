// History filters (docs/product.md "History"; docs/decisions.md "History filters") through the real
// server on a real PostgreSQL: the Bills tab keeps only bills, the search matches part of a name or
// reference ignoring case and taking % and _ literally, the date range keeps Lagos days with both
// ends included (edges at Lagos midnight), and a bad filter is a 400 that changes nothing.
import { schema } from "@kolo/db";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { api, fundWallet, signUp, useTestServer } from "./helpers";

const files = useTestServer();

type Row = { reference: string; type: string; description: string };
const list = async (c: Parameters<typeof api>[0], query: string) => {
  const response = await api(c, "GET", `/api/transactions${query}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as Row[];
};

describe("GET /api/transactions filters", () => {
  it("tab=bills keeps bills only (not top-ups or transfers); q matches part of a name or a reference; from/to keep Lagos days inclusively", async () => {
    const ada = await signUp(files.server.base, "Ada Eze");
    const tunde = await signUp(files.server.base, "Tunde Bakare");
    await fundWallet(files.t.db, ada.user.id, 10_000);
    expect((await api(ada, "POST", "/api/transfer/p2p", { recipientEmail: tunde.user.email, amount: 1_000 })).status).toBe(200);
    expect((await api(ada, "POST", "/api/airtime", { phoneNumber: "08031234567", amount: 100, network: "mtn" })).status).toBe(200);

    const all = await list(ada, "");
    expect(all.map((t) => t.type).sort()).toEqual(["airtime", "p2p", "topup"]);
    expect((await list(ada, "?tab=bills")).map((t) => t.type)).toEqual(["airtime"]);
    expect((await list(ada, "?tab=topup")).map((t) => t.type)).toEqual(["topup"]);

    // Search: part of the recipient's name, any case; part of a reference; nothing for a LIKE wildcard taken literally.
    expect((await list(ada, "?q=bakAR")).map((t) => t.type)).toEqual(["p2p"]);
    const airtime = all.find((t) => t.type === "airtime")!;
    expect((await list(ada, `?q=${encodeURIComponent(airtime.reference.slice(3, 12).toLowerCase())}`)).map((t) => t.reference)).toEqual([airtime.reference]);
    expect(await list(ada, "?q=%25")).toEqual([]);
    expect(await list(ada, "?q=_")).toEqual([]);

    // Dates at Lagos midnight: 2026-03-09T23:00:00Z is 2026-03-10 00:00 in Lagos; one millisecond before is still 9 March.
    const at = async (type: "topup" | "p2p" | "airtime", iso: string) => {
      const row = all.find((t) => t.type === type)!;
      await files.t.db
        .update(schema.transactions)
        .set({ createdAt: new Date(iso) })
        .where(eq(schema.transactions.reference, row.reference));
    };
    await at("topup", "2026-03-09T22:59:59.999Z");
    await at("p2p", "2026-03-09T23:00:00.000Z");
    await at("airtime", "2026-03-10T22:59:59.999Z");
    expect((await list(ada, "?from=2026-03-10&to=2026-03-10")).map((t) => t.type)).toEqual(["airtime", "p2p"]);
    expect((await list(ada, "?to=2026-03-09")).map((t) => t.type)).toEqual(["topup"]);
    expect(await list(ada, "?from=2026-03-11")).toEqual([]);
    expect((await list(ada, "?from=2026-03-09&to=2026-03-10&tab=bills&q=mtn")).map((t) => t.type)).toEqual(["airtime"]);

    // The other party sees only its own side.
    expect((await list(tunde, "?q=ada")).map((t) => t.type)).toEqual(["p2p"]);
  });

  it("bad dates, a reversed range, an unknown tab or a long search: 400 naming the field", async () => {
    const c = await signUp(files.server.base, "Filter Tester");
    for (const [query, field] of [
      ["?from=2026-02-30", "from"],
      ["?to=31-01-2026", "to"],
      ["?from=2026-03-10&to=2026-03-09", "to"],
      ["?tab=everything", "tab"],
      [`?q=${"a".repeat(101)}`, "q"],
    ] as const) {
      const response = await api(c, "GET", `/api/transactions${query}`);
      const body = (await response.json()) as { fieldErrors?: Record<string, string[]> };
      expect([query, response.status], JSON.stringify(body)).toEqual([query, 400]);
      expect(JSON.stringify(body), query).toContain(field);
    }
  });

  it("the OpenAPI document lists the optional query parameters", async () => {
    const doc = (await (await fetch(`${files.server.base}/api/openapi.json`)).json()) as {
      paths: Record<string, { get: { parameters: { name: string; in: string; required: boolean }[] } }>;
    };
    const parameters = doc.paths["/api/transactions"]!.get.parameters.filter((p) => p.in === "query");
    expect(parameters.map((p) => [p.name, p.required])).toEqual([
      ["tab", false],
      ["q", false],
      ["from", false],
      ["to", false],
      ["cursor", false],
      ["limit", false],
    ]);
  });
});
