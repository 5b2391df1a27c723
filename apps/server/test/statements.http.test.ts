// Statements (docs/product.md "Statements") through the real server on a real PostgreSQL: the
// CSV and the PDF of a period carry the holder, the period, the opening balance, every movement
// with its running balance, totals in and out, and a closing balance equal to the ledger's; bad
// periods are refused before anything is streamed.
import { lagosDate } from "@kolo/domain";
import { describe, expect, it } from "vitest";
import { api, balanceOf, fundWallet, useTestServer, signUp } from "./helpers";

const files = useTestServer();
const today = () => lagosDate(new Date());
const daysAgo = (n: number) => lagosDate(new Date(Date.now() - n * 86_400_000));

describe("GET /api/statements", () => {
  it("the CSV has the opening balance, each movement with its running balance, the totals and the ledger's closing balance", async () => {
    const holder = await signUp(files.server.base, "Statement Holder");
    const other = await signUp(files.server.base, "Other Person");
    await fundWallet(files.t.db, holder.user.id, 10_000);
    expect((await api(holder, "POST", "/api/transfer/p2p", { recipientEmail: other.user.email, amount: 1_250 })).status).toBe(200);
    await fundWallet(files.t.db, other.user.id, 1_000);
    expect((await api(other, "POST", "/api/transfer/p2p", { recipientEmail: holder.user.email, amount: 500 })).status).toBe(200);

    const response = await api(holder, "GET", `/api/statements?from=${daysAgo(30)}&to=${today()}&format=csv`);
    expect([response.status, response.headers.get("content-type")]).toEqual([200, "text/csv; charset=utf-8"]);
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="kolo-statement-${daysAgo(30)}-to-${today()}.csv"`);
    const lines = (await response.text()).trim().split("\n");
    expect(lines.slice(0, 4)).toEqual([
      "Kolo statement",
      "Account holder,Statement Holder",
      `Period,${daysAgo(30)} to ${today()} (Lagos)`,
      "Opening balance (NGN),0.00",
    ]);
    const header = lines.indexOf("Date (Lagos),Description,Reference,Money in (NGN),Money out (NGN),Balance (NGN)");
    const movements = lines.slice(header + 1, lines.indexOf("", header));
    expect(movements.map((line) => line.split(",").slice(-3))).toEqual([
      ["10000.00", "", "10000.00"],
      ["", "1250.00", "8750.00"],
      ["500.00", "", "9250.00"],
    ]);
    expect(lines.slice(-3)).toEqual(["Total money in (NGN),10500.00", "Total money out (NGN),1250.00", "Closing balance (NGN),9250.00"]);
    expect(await balanceOf(holder)).toBe(9_250);
  });

  it("a period before the movements opens and closes at zero; the PDF streams too", async () => {
    const holder = await signUp(files.server.base, "Quiet Holder");
    await fundWallet(files.t.db, holder.user.id, 2_000);
    const before = await (await api(holder, "GET", `/api/statements?from=${daysAgo(60)}&to=${daysAgo(1)}&format=csv`)).text();
    expect(before).toContain("Opening balance (NGN),0.00");
    expect(before.trim().split("\n").slice(-1)).toEqual(["Closing balance (NGN),0.00"]);

    const pdf = await api(holder, "GET", `/api/statements?from=${daysAgo(7)}&to=${today()}&format=pdf`);
    expect([pdf.status, pdf.headers.get("content-type")]).toEqual([200, "application/pdf"]);
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(bytes.subarray(-6).toString("latin1")).toContain("%%EOF");
  });

  it("refuses a reversed period, one over 12 months, one starting in the future, and a caller who is not signed in", async () => {
    const holder = await signUp(files.server.base, "Picky Holder");
    const refusal = async (query: string) => {
      const response = await api(holder, "GET", `/api/statements?${query}`);
      return [response.status, ((await response.json()) as { message: string }).message];
    };
    expect(await refusal(`from=${today()}&to=${daysAgo(3)}&format=csv`)).toEqual([400, "The period must end on or after its start"]);
    expect(await refusal(`from=${daysAgo(400)}&to=${today()}&format=pdf`)).toEqual([400, "A statement covers at most 12 months"]);
    expect(await refusal(`from=2999-01-01&to=2999-01-02&format=pdf`)).toEqual([400, "The period cannot start in the future"]);
    expect((await refusal(`from=2026-02-30&to=2026-03-01&format=csv`))[0]).toBe(400);
    expect((await refusal(`from=${daysAgo(3)}&to=${today()}&format=xls`))[0]).toBe(400);
    expect((await fetch(`${files.server.base}/api/statements?from=${daysAgo(3)}&to=${today()}&format=csv`)).status).toBe(401);
  });
});
