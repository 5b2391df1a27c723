// The OpenAPI document (docs/rest-api.md): valid OpenAPI 3.1 by a kept parser, every /api route the
// server registers is in it, and every route documents the procedure's own input schema. That the
// answers match the documented schemas is checked on every answer of every HTTP test
// (checkResponses in the test servers).
import SwaggerParser from "@apidevtools/swagger-parser";
import { describe, expect, it } from "vitest";
import { REST_ROUTES, openApiPath } from "../src/rest";
import { procedureInput } from "../src/rest/table";
import { useTestServer } from "./helpers";

/** The document and its page themselves. */
const SELF = /^\/api\/(openapi\.json|docs)(\/|$)/;

const registered: { method: string; url: string }[] = [];

const { server } = useTestServer({
  onRoute: (route) => {
    for (const method of [route.method].flat()) if (method !== "HEAD") registered.push({ method, url: route.url });
  },
});

interface Operation {
  operationId: string;
  parameters?: { name: string; in: string }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, { required?: string[] }> };
}

async function fetchDocument(): Promise<Document> {
  const response = await fetch(`${server.base}/api/openapi.json`);
  expect(response.status).toBe(200);
  return (await response.json()) as Document;
}

describe("GET /api/openapi.json", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const document = await fetchDocument();
    expect(document).toMatchObject({ openapi: "3.1.0", info: { title: "Kolo API" } });
    // validate() dereferences in place: give it a copy.
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();
  });

  it("documents every /api route the server registers, and nothing it does not", async () => {
    const document = await fetchDocument();
    const documented = new Set(
      Object.entries(document.paths).flatMap(([path, operations]) => Object.keys(operations).map((m) => `${m.toUpperCase()} ${path}`)),
    );
    const apiRoutes = registered.filter((route) => route.url.startsWith("/api/") && !SELF.test(route.url)).map((r) => `${r.method} ${openApiPath(r.url)}`);
    expect(apiRoutes.length).toBeGreaterThan(70);
    expect(apiRoutes.filter((route) => !documented.has(route))).toEqual([]);
    expect([...documented].filter((route) => !apiRoutes.includes(route))).toEqual([]);
  });

  it("names each route's procedure and documents the procedure's own input schema", async () => {
    const document = await fetchDocument();
    for (const route of REST_ROUTES) {
      expect(document.paths[openApiPath(route.path)]?.[route.method.toLowerCase()]?.operationId).toBe(route.procedure);
      // The same schema object the procedure validates with (only two routes give a REST-shaped input).
      if (route.path !== "/api/banks/resolve" && route.path !== "/api/admin/settings/:key") expect(route.inputSchema).toBe(procedureInput(route.procedure));
    }
  });

  it("documents path parameters, the idempotency key header and the error body", async () => {
    const document = await fetchDocument();
    const p2p = document.paths["/api/transfer/p2p"]?.post;
    expect(p2p?.parameters).toContainEqual(expect.objectContaining({ name: "Idempotency-Key", in: "header" }));
    const invoice = document.paths["/api/invoices/{id}"]?.get;
    expect(invoice?.parameters).toContainEqual(expect.objectContaining({ name: "id", in: "path" }));
    expect(document.paths["/api/admin/transactions"]?.get?.parameters).toContainEqual(
      expect.objectContaining({ name: "reference", in: "query", required: false }),
    );
    // Keyset cursors beside page (docs/performance.md "Flat reads").
    for (const path of ["/api/admin/transactions", "/api/transactions"]) {
      expect(document.paths[path]?.get?.parameters, path).toContainEqual(expect.objectContaining({ name: "cursor", in: "query", required: false }));
    }
    expect(document.components.schemas.Error?.required).toEqual(["message", "details", "code"]);
    expect(p2p?.responses["401"]?.content?.["application/json"]?.schema).toEqual({ $ref: "#/components/schemas/Error" });
    expect(document.paths["/api/auth/logout-all"]?.post?.operationId).toBe("auth.logoutAll");
    // Limits the user sets, the profile and the password (docs/product.md "Settings").
    expect(document.paths["/api/auth/limits"]?.get?.operationId).toBe("auth.limits");
    expect(document.paths["/api/auth/limits"]?.patch?.operationId).toBe("auth.setLimits");
    expect(document.paths["/api/auth/limits/pending"]?.delete?.operationId).toBe("auth.cancelPendingLimit");
    expect(document.paths["/api/auth/profile"]?.patch?.responses["409"]).toBeDefined();
    expect(document.paths["/api/auth/password"]?.post?.operationId).toBe("auth.changePassword");
    // Fraud controls (docs/product.md "Fraud controls"): devices, freeze and unfreeze.
    expect(document.paths["/api/auth/devices"]?.get?.operationId).toBe("auth.devices");
    expect(document.paths["/api/auth/devices/{id}"]?.delete?.parameters).toContainEqual(expect.objectContaining({ name: "id", in: "path" }));
    expect(document.paths["/api/auth/devices/current/code"]?.post?.operationId).toBe("auth.sendDeviceCode");
    expect(document.paths["/api/auth/devices/current/trust"]?.post?.operationId).toBe("auth.trustDevice");
    expect(document.paths["/api/auth/freeze"]?.post?.operationId).toBe("auth.freeze");
    expect(document.paths["/api/auth/freeze/password"]?.post?.responses["401"]).toBeDefined();
    expect(document.paths["/api/auth/unfreeze"]?.post?.operationId).toBe("auth.unfreeze");
    const bouquets = document.paths["/api/cable/{provider}/bouquets"]?.get;
    expect(bouquets?.operationId).toBe("cable.bouquets");
    expect(bouquets?.parameters).toContainEqual(expect.objectContaining({ name: "provider", in: "path" }));
    expect(document.paths["/api/cable/verify"]?.post?.operationId).toBe("cable.verify");
    const cable = document.paths["/api/cable"]?.post;
    expect(cable?.operationId).toBe("cable.subscribe");
    expect(cable?.parameters).toContainEqual(expect.objectContaining({ name: "Idempotency-Key", in: "header" }));
    // A transfer's optional narration (docs/product.md "Forms and small things"), in both transfer bodies, never required.
    for (const path of ["/api/transfer/p2p", "/api/transfer/bank"]) {
      const body = JSON.stringify(document.paths[path]?.post?.requestBody?.content["application/json"]?.schema);
      expect([path, body]).toEqual([path, expect.stringContaining('"narration":{"type":"string","maxLength":100')]);
    }
    expect(Object.keys(cable?.responses ?? {})).toEqual(expect.arrayContaining(["200", "202"]));
    // Merchant analytics and customers (docs/product.md#merchants-and-invoices "Analytics and customers"): query parameters.
    expect(document.paths["/api/merchants/me/analytics"]?.get?.operationId).toBe("merchants.analytics");
    expect(document.paths["/api/merchants/me/analytics"]?.get?.parameters).toContainEqual(
      expect.objectContaining({ name: "days", in: "query", required: false }),
    );
    const customers = document.paths["/api/merchants/me/customers"]?.get;
    expect(customers?.operationId).toBe("merchants.customers");
    for (const name of ["search", "page", "limit"])
      expect(customers?.parameters).toContainEqual(expect.objectContaining({ name, in: "query", required: false }));
    // Payment links (docs/product.md "Payment links"): the merchant's routes and the public page's.
    expect(document.paths["/api/merchants/me/links"]?.post?.operationId).toBe("merchantLinks.create");
    expect(document.paths["/api/merchants/me/links"]?.get?.operationId).toBe("merchantLinks.list");
    expect(document.paths["/api/merchants/me/links/{id}"]?.patch?.parameters).toContainEqual(expect.objectContaining({ name: "id", in: "path" }));
    expect(document.paths["/api/links/{slug}"]?.get?.operationId).toBe("links.bySlug");
    const pay = document.paths["/api/links/{slug}/pay"]?.post;
    expect(pay?.operationId).toBe("links.pay");
    expect(pay?.parameters).toContainEqual(expect.objectContaining({ name: "Idempotency-Key", in: "header" }));
    expect(document.paths["/api/links/{slug}/payments/{reference}"]?.get?.operationId).toBe("links.verify");
    // Merchant refunds and settlement (docs/product.md "Refunds", "Settlement").
    const refunds = document.paths["/api/merchants/me/payments/{reference}/refunds"]?.post;
    expect(refunds?.operationId).toBe("merchants.refund");
    expect(refunds?.parameters).toContainEqual(expect.objectContaining({ name: "reference", in: "path" }));
    expect(refunds?.parameters).toContainEqual(expect.objectContaining({ name: "Idempotency-Key", in: "header" }));
    expect(JSON.stringify(refunds?.requestBody?.content["application/json"]?.schema)).toContain('"reason"');
    expect(document.paths["/api/merchants/me/settings"]?.get?.operationId).toBe("merchants.settings");
    expect(document.paths["/api/merchants/me/settings"]?.patch?.operationId).toBe("merchants.updateSettings");
    expect(document.paths["/api/merchants/me/payouts"]?.post?.operationId).toBe("merchants.payout");
    expect(document.paths["/api/merchants/withdraw"]?.post?.operationId).toBe("merchants.withdraw");
    // Fraud controls an admin edits (docs/product.md "Fraud controls"): beside the feature switches; a change answers 202.
    const fraud = document.paths["/api/admin/settings/fraud"];
    expect([fraud?.get?.operationId, fraud?.patch?.operationId]).toEqual(["admin.fraudControls.get", "admin.fraudControls.update"]);
    expect(JSON.stringify(fraud?.patch?.requestBody?.content["application/json"]?.schema)).toContain('"newDeviceCap"');
    expect(Object.keys(fraud?.patch?.responses ?? {})).toEqual(expect.arrayContaining(["202"]));
  });
});

describe("GET /api/docs", () => {
  it("serves the reference page and its script from this server (no CDN)", async () => {
    const page = await fetch(`${server.base}/api/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    const html = await page.text();
    expect(html).toContain("/api/openapi.json");
    const scripts = [...html.matchAll(/<script[^>]*src="([^"]+)"/g)].map((match) => match[1] ?? "");
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      expect(src.startsWith("http")).toBe(false);
      const script = await fetch(new URL(src, `${server.base}/api/docs/`));
      expect(script.status).toBe(200);
    }
  });
});
