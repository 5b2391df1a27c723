// Statements (docs/product.md "Statements") through the real server on a real PostgreSQL: the
// CSV and the PDF of a period carry the holder, the period, the opening balance, every movement
// with its running balance, totals in and out, and a closing balance equal to the ledger's; bad
// periods are refused before anything is streamed.
import { lagosDate } from "@kolo/domain";
import { existsSync, readdirSync, readlinkSync } from "node:fs";
import { describe, expect, it, vi } from "vitest";
import { PAYOUT_ACCOUNTS, api, balanceOf, fundWallet, useTestServer, signUp } from "./helpers";

const files = useTestServer();

/** This process's open descriptors of statements' temporary files (/proc/self/fd links: "/tmp/kolo-statement-… (deleted)"). */
const openStatementFiles = () =>
  readdirSync("/proc/self/fd").filter((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`).includes("kolo-statement-");
    } catch {
      return false; // closed meanwhile
    }
  });
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

  it("descriptions read as History reads them for the holder: the sender's and the recipient's side, a failed payout's hold and its refund", async () => {
    const holder = await signUp(files.server.base, "Ada Eze");
    const friend = await signUp(files.server.base, "Chioma Okafor");
    await fundWallet(files.t.db, holder.user.id, 10_000);
    await fundWallet(files.t.db, friend.user.id, 5_000);
    expect((await api(holder, "POST", "/api/transfer/p2p", { recipientEmail: friend.user.email, amount: 1_000 })).status).toBe(200);
    expect((await api(friend, "POST", "/api/transfer/p2p", { recipientEmail: holder.user.email, amount: 400 })).status).toBe(200);
    const { accountName: _name, bankName: _bank, ...failing } = PAYOUT_ACCOUNTS.failed;
    const bank = await api(holder, "POST", "/api/transfer/bank", { ...failing, amount: 500, transferFee: 50 });
    // The sandbox's transfer.failed may land before the answer: then the answer already says the money came back (400).
    expect([200, 400], await bank.clone().text()).toContain(bank.status);
    const history = async () => (await (await api(holder, "GET", "/api/transactions")).json()) as { description: string; status: string }[];
    await expect.poll(async () => (await history()).map((t) => t.status)).toContain("failed");

    const csv = await (await api(holder, "GET", `/api/statements?from=${daysAgo(1)}&to=${today()}&format=csv`)).text();
    const lines = csv.trim().split("\n");
    const header = lines.indexOf("Date (Lagos),Description,Reference,Money in (NGN),Money out (NGN),Balance (NGN)");
    const cells = (line: string) => [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(?:,|$)/g)].map((m) => m[1]!.replace(/^"|"$/g, "").replaceAll('""', '"'));
    const rows = lines.slice(header + 1, lines.indexOf("", header)).map((line) => cells(line)[1]);
    const payout = (await history()).find((t) => t.status === "failed")!.description;
    expect(rows).toEqual(["Wallet top-up", "Transfer to Chioma Okafor", "Transfer from Chioma Okafor", payout, `Refund: ${payout}`]);
    // The same words as History shows this reader, never the ledger's own.
    const described = new Set((await history()).map((t) => t.description));
    for (const row of rows.slice(0, 4)) expect(described).toContain(row);
    expect(csv).not.toMatch(/Hold for|P2P |Payout .* failed/);
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

  it.skipIf(!existsSync("/proc/self/fd"))("closes each statement's temporary file once it is sent", async () => {
    const holder = await signUp(files.server.base, "Statement Files");
    await fundWallet(files.t.db, holder.user.id, 2_000);
    for (const format of ["csv", "pdf", "csv"]) {
      const response = await api(holder, "GET", `/api/statements?from=${daysAgo(30)}&to=${today()}&format=${format}`);
      expect(response.status).toBe(200);
      expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(0);
    }
    // The server runs in this process: none of its descriptors may still point at a statement's file
    // (each was left to the garbage collector while the file was written through a stream of its handle).
    await vi.waitFor(() => expect(openStatementFiles()).toEqual([]), { timeout: 5_000, interval: 20 });
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

/** A piece of text on a PDF page as pdf.js reads it: x and the baseline y in pt from the bottom-left, its width and font size. */
interface PlacedText {
  page: number;
  str: string;
  x: number;
  y: number;
  width: number;
  size: number;
}

/** Every non-blank text item of `bytes` with its position (pdf.js getTextContent), and the pages' widths. */
async function placedText(bytes: Uint8Array): Promise<{ items: PlacedText[]; pageWidth: number; pages: number }> {
  const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const task = getDocument({ data: bytes, verbosity: 0, useSystemFonts: false });
  const pdf = await task.promise;
  const items: PlacedText[] = [];
  let pageWidth = 0;
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n);
    pageWidth = page.view[2]!;
    for (const item of (await page.getTextContent()).items) {
      if (!("str" in item) || item.str.trim() === "") continue;
      items.push({
        page: n,
        str: item.str,
        x: item.transform[4],
        y: item.transform[5],
        width: item.width,
        size: Math.hypot(item.transform[2], item.transform[3]),
      });
    }
  }
  const pageCount = pdf.numPages;
  await task.destroy();
  return { items, pageWidth, pages: pageCount };
}

describe("the statement PDF's layout, read from its text positions", () => {
  it("descriptions read as History reads them, wrapped rows grow instead of printing over the next, and every column ends inside the page", async () => {
    const longName = "Oluwaseunfunmilayo Adebukola Chukwuebuka Ngozichukwu Babatunde-Olanrewaju Okonkwo-Eze";
    const holder = await signUp(files.server.base, "Chioma Okafor");
    const friend = await signUp(files.server.base, longName);
    // Enough movements for a second page, so the page break is checked too.
    for (let i = 0; i < 60; i++) await fundWallet(files.t.db, holder.user.id, 100 + i);
    expect((await api(holder, "POST", "/api/transfer/p2p", { recipientEmail: friend.user.email, amount: 2_500 })).status).toBe(200);
    await fundWallet(files.t.db, friend.user.id, 1_000);
    expect((await api(friend, "POST", "/api/transfer/p2p", { recipientEmail: holder.user.email, amount: 700 })).status).toBe(200);

    const pdf = await api(holder, "GET", `/api/statements?from=${daysAgo(1)}&to=${today()}&format=pdf`);
    expect(pdf.status).toBe(200);
    const { items, pageWidth, pages } = await placedText(new Uint8Array(await pdf.arrayBuffer()));
    expect(pages).toBeGreaterThanOrEqual(2);
    const text = items.map((item) => item.str).join(" ");
    // The reader's side, never the ledger's internal words.
    expect(text).not.toMatch(/Hold for|P2P KOLO|P2P [A-Z0-9-]{6,}/);
    expect(text).toContain("Transfer from");
    expect(text).toContain("Transfer to");
    // The long name wraps onto more than one line, and none of it is cut off.
    const wrapped = items.filter((item) => longName.split(" ").some((word) => item.str.includes(word)) || /Transfer (to|from)/.test(item.str));
    const sentRow = wrapped.filter((item) => item.page === wrapped[0]!.page);
    expect(new Set(sentRow.map((item) => Math.round(item.y))).size).toBeGreaterThan(2);
    for (const word of longName.split(" ")) expect(text).toContain(word);

    // Columns end inside the page, right margin included (36 pt).
    for (const item of items) {
      expect(item.x, item.str).toBeGreaterThanOrEqual(36 - 0.5);
      expect(item.x + item.width, item.str).toBeLessThanOrEqual(pageWidth - 36 + 0.5);
    }
    // No two pieces of text on a page cover each other (a glyph's body is about 0.8 of its size
    // above the baseline): a wrapped description never reaches the next row's text.
    for (let a = 0; a < items.length; a++) {
      for (let b = a + 1; b < items.length; b++) {
        const [p, q] = [items[a]!, items[b]!];
        if (p.page !== q.page) continue;
        const across = p.x < q.x + q.width - 0.5 && q.x < p.x + p.width - 0.5;
        const above = p.y < q.y + 0.8 * q.size - 0.1 && q.y < p.y + 0.8 * p.size - 0.1;
        expect(across && above, `'${p.str}' and '${q.str}' overlap on page ${p.page}`).toBe(false);
      }
    }
  });
});
