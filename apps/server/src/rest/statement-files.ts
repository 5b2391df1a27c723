// Account statements (docs/product.md "Statements"): GET /api/statements?from&to&format=pdf|csv
// streams the signed-in user's wallet movements for a period of up to 12 months: the holder and the
// period, the opening balance, every movement with its running balance, totals in and out, and
// the closing balance (the ledger's, as of the snapshot it is read from). Rows come from a
// database cursor and are written, with back-pressure, into an unlinked temporary file, so memory
// stays flat however long the statement is (docs/performance.md "Statements"); the file is sent
// once the snapshot is closed, so a client reading slowly never holds a connection of the pool
// (docs/decisions.md "Per-user caps"). CSV by csv-stringify, PDF by pdfkit.
import { randomUUID } from "node:crypto";
import { once } from "node:events";
import { type FileHandle, open, unlink } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createCaller } from "@kolo/api";
import { type Database, type StatementSnapshot, withStatement } from "@kolo/db";
import {
  DomainError,
  MAX_STATEMENTS_PREPARING,
  STATEMENT_MESSAGES,
  formatDateTime,
  formatKobo,
  formatKoboGrouped,
  formatKoboPlain,
  type statementQuerySchema,
} from "@kolo/domain";
import { stringify } from "csv-stringify/sync";
import type { FastifyInstance } from "fastify";
import PDFDocument from "pdfkit";
import { z } from "zod";
import { liftRequestDeadline } from "../availability";
import { type ContextDeps, contextFactory } from "../context";
import { sendTRPCError } from "./adapter";
import type { ExtraPath } from "./openapi";

const require = createRequire(import.meta.url);
const FONT = require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf");
const FONT_BOLD = require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf");

/** Naira with two decimals and no symbol, for the CSV's number columns (as the history export writes them). */
const naira = formatKoboPlain;
/** '1,234.56': naira with grouping and two decimals, no symbol (the PDF's amount columns). */
const groupedNaira = formatKoboGrouped;

/** Writes `chunk`, waiting while the client reads slower than the statement is produced. */
async function write(out: PassThrough, chunk: string | Buffer) {
  if (!out.write(chunk)) await once(out, "drain");
}

interface Frame extends StatementSnapshot {
  fromDay: string;
  toDay: string;
}

/** The totals a statement ends with, kobo. */
interface Totals {
  inKobo: bigint;
  outKobo: bigint;
  closingKobo: bigint;
}

async function csvStatement(frame: Frame, out: PassThrough): Promise<Totals> {
  await write(
    out,
    stringify([
      ["Kolo statement"],
      ["Account holder", frame.holderName],
      ["Period", `${frame.fromDay} to ${frame.toDay} (Lagos)`],
      ["Opening balance (NGN)", naira(frame.openingKobo)],
      [],
      ["Date (Lagos)", "Description", "Reference", "Money in (NGN)", "Money out (NGN)", "Balance (NGN)"],
    ]),
  );
  let balance = frame.openingKobo;
  let inKobo = 0n;
  let outKobo = 0n;
  for await (const batch of frame.movements) {
    const rows = batch.map((m) => {
      balance += m.amount;
      if (m.amount > 0n) inKobo += m.amount;
      else outKobo -= m.amount;
      return [
        formatDateTime(m.createdAt),
        m.description,
        m.reference ?? "",
        m.amount > 0n ? naira(m.amount) : "",
        m.amount < 0n ? naira(-m.amount) : "",
        naira(balance),
      ];
    });
    await write(out, stringify(rows));
  }
  await write(
    out,
    stringify([[], ["Total money in (NGN)", naira(inKobo)], ["Total money out (NGN)", naira(outKobo)], ["Closing balance (NGN)", naira(balance)]]),
  );
  return { inKobo, outKobo, closingKobo: balance };
}

/**
 * Empties the embedded fonts' word-layout caches (pdfkit keeps one entry per distinct word for the
 * document's life): a statement's descriptions repeat little, so the cache only grew. Called once
 * per batch of rows; the built-in Helvetica has no such cache.
 */
function forgetLayouts(doc: PDFKit.PDFDocument) {
  const families = (doc as unknown as { _fontFamilies?: Record<string, { layoutCache?: Record<string, unknown> }> })._fontFamilies ?? {};
  for (const font of Object.values(families)) if (font.layoutCache) font.layoutCache = Object.create(null) as Record<string, unknown>;
}

async function pdfStatement(frame: Frame, out: PassThrough): Promise<Totals> {
  const doc = new PDFDocument({ size: "A4", margin: 36, info: { Title: `Kolo statement ${frame.fromDay} to ${frame.toDay}`, Author: "Kolo" } });
  doc.registerFont("body", FONT);
  doc.registerFont("bold", FONT_BOLD);
  doc.pipe(out);
  const columns = [
    { x: 36, width: 92 },
    { x: 130, width: 190 },
    { x: 322, width: 78 },
    { x: 402, width: 78 },
    { x: 482, width: 78 },
  ];
  const bottom = doc.page.height - 48;
  let y = 0;
  // Dates and amounts (digits, commas, a colon) are drawn in the PDF's built-in Helvetica: its
  // metrics need no shaping, so the ~100,000 distinct balances of a long statement are not each
  // laid out and cached by the embedded font (the memory a long PDF used to take). Descriptions,
  // which may hold any script, stay in DejaVu Sans; amounts carry no ₦ sign (not in Helvetica):
  // the column headings say NGN, as the CSV's do.
  const row = (cells: string[], font: "body" | "bold" = "body") => {
    if (y > bottom) {
      doc.addPage();
      y = 36;
    }
    cells.forEach((cell, i) => {
      if (cell === "") return;
      const column = columns[i]!;
      if (font === "body" && i !== 1 && /^[\x20-\x7e]*$/.test(cell)) {
        // Placed by hand (a date or an amount always fits its column): no line wrapper per cell.
        doc.font("Helvetica").fontSize(7.5);
        const x = i >= 2 ? column.x + column.width - doc.widthOfString(cell) : column.x;
        doc.text(cell, x, y, { lineBreak: false });
        return;
      }
      doc.font(font).fontSize(7.5);
      doc.text(cell, column.x, y, { width: column.width, lineBreak: false, ellipsis: true, align: i >= 2 ? "right" : "left" });
    });
    y += 12;
  };
  doc.font("bold").fontSize(16).fillColor("#087f47").text("Kolo statement", 36, 36);
  doc.font("body").fontSize(10).fillColor("#111111").text(`Account holder: ${frame.holderName}`).text(`Period: ${frame.fromDay} to ${frame.toDay} (Lagos)`);
  doc.text(`Opening balance: ${formatKobo(frame.openingKobo)}`);
  y = doc.y + 14;
  row(["Date (Lagos)", "Description", "Money in (NGN)", "Money out (NGN)", "Balance (NGN)"], "bold");
  let balance = frame.openingKobo;
  let inKobo = 0n;
  let outKobo = 0n;
  for await (const batch of frame.movements) {
    for (const m of batch) {
      balance += m.amount;
      if (m.amount > 0n) inKobo += m.amount;
      else outKobo -= m.amount;
      row([
        formatDateTime(m.createdAt),
        m.description,
        m.amount > 0n ? groupedNaira(m.amount) : "",
        m.amount < 0n ? groupedNaira(-m.amount) : "",
        groupedNaira(balance),
      ]);
    }
    forgetLayouts(doc);
    if (out.writableNeedDrain) await once(out, "drain");
  }
  y += 6;
  row(["Total money in", "", formatKobo(inKobo)], "bold");
  row(["Total money out", "", "", formatKobo(outKobo)], "bold");
  row(["Closing balance", "", "", "", formatKobo(balance)], "bold");
  const done = once(doc, "end");
  doc.end();
  await done;
  return { inKobo, outKobo, closingKobo: balance };
}

const FORMATS = { csv: { type: "text/csv; charset=utf-8", write: csvStatement }, pdf: { type: "application/pdf", write: pdfStatement } } as const;

/** The OpenAPI entry (signed in; 400 for a bad period). */
export const STATEMENT_PATH: ExtraPath = {
  method: "GET",
  path: "/api/statements",
  tag: "Statements",
  summary: "The user's statement for a period of up to 12 months, as PDF or CSV (query from, to: YYYY-MM-DD; format: pdf | csv)",
  description:
    "docs/product.md 'Statements'. Opening balance, every movement with its running balance, totals, closing balance. At most 2 in preparation per user (429 'A statement is already being prepared').",
  output: z.string(),
  statuses: [200, 400, 401, 403, 429, 500, 503],
  contentType: "application/pdf",
  session: true,
  query: [
    { name: "from", description: "First day, YYYY-MM-DD (Lagos)" },
    { name: "to", description: "Last day, YYYY-MM-DD (Lagos), at most 12 months after from" },
    { name: "format", description: "pdf or csv (text/csv)" },
  ],
};

type Period = Awaited<ReturnType<ReturnType<typeof createCaller>["statements"]["period"]>>;

/**
 * Writes the statement of `userId` for `period` into a new temporary file (created 0600 and
 * unlinked at once: nothing is left behind, whatever happens) and answers its open handle and size
 * in bytes. The database snapshot, and its pool connection, are held only while the file is
 * written, never while a client reads; `onOpen` runs once the snapshot is open. Errors: those of
 * the read (the handle is closed); NOT_FOUND when the user has no wallet.
 */
async function prepareStatement(db: Database, userId: number, period: Period, onOpen: () => void): Promise<{ file: FileHandle; size: number }> {
  const path = join(tmpdir(), `kolo-statement-${randomUUID()}`);
  const file = await open(path, "w+", 0o600);
  try {
    await unlink(path);
    const out = new PassThrough();
    const written = pipeline(out, file.createWriteStream({ start: 0, autoClose: false, emitClose: false }));
    const found = await withStatement(db, { userId, from: period.from, to: period.to }, async (statement) => {
      onOpen();
      await FORMATS[period.format].write({ ...statement, fromDay: period.fromDay, toDay: period.toDay }, out);
      return true;
    }).catch((error: unknown) => {
      out.destroy();
      throw error;
    });
    out.end();
    await written;
    if (!found) throw new DomainError("NOT_FOUND", "Wallet not found");
    return { file, size: (await file.stat()).size };
  } catch (error) {
    await file.close();
    throw error;
  }
}

/**
 * Mounts GET /api/statements. At most MAX_STATEMENTS_PREPARING statements of one user are in
 * preparation at once on this server: past it 429 RATE_LIMITED 'A statement is already being
 * prepared' (docs/decisions.md "Per-user caps"); downloads of prepared files are not counted.
 */
export function mountStatements(app: FastifyInstance, deps: ContextDeps) {
  const makeContext = contextFactory(deps);
  const preparing = new Map<number, number>();
  app.get("/api/statements", async (req, reply) => {
    let period: Period;
    const context = await makeContext(req, reply);
    try {
      // The raw query, typed as the procedure's input: the procedure validates it (after its access check).
      period = await createCaller(context).statements.period(req.query as z.input<typeof statementQuerySchema>);
    } catch (error) {
      return sendTRPCError(reply, req, error);
    }
    const userId = context.user!.id;
    const busy = preparing.get(userId) ?? 0;
    if (busy >= MAX_STATEMENTS_PREPARING) return sendTRPCError(reply, req, new DomainError("RATE_LIMITED", STATEMENT_MESSAGES.busy));
    preparing.set(userId, busy + 1);
    let prepared: Awaited<ReturnType<typeof prepareStatement>>;
    try {
      // The request deadline bounds the wait for a connection; the preparation is bounded by the
      // snapshot's statement_timeout (withStatement), and a 12-month PDF can take longer than the deadline.
      prepared = await prepareStatement(deps.db, userId, period, () => liftRequestDeadline(req));
    } catch (error) {
      return sendTRPCError(reply, req, error);
    } finally {
      const left = (preparing.get(userId) ?? 1) - 1;
      if (left > 0) preparing.set(userId, left);
      else preparing.delete(userId);
    }
    // The read stream closes the file when it ends or the client goes away.
    return reply
      .type(FORMATS[period.format].type)
      .header("content-disposition", `attachment; filename="kolo-statement-${period.fromDay}-to-${period.toDay}.${period.format}"`)
      .header("content-length", prepared.size)
      .send(prepared.file.createReadStream({ start: 0 }));
  });
}
