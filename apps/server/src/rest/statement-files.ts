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
import { PassThrough, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createCaller } from "@kolo/api";
import { type Database, type StatementMovement, type StatementSnapshot, withStatement } from "@kolo/db";
import {
  DomainError,
  MAX_STATEMENTS_PREPARING,
  STATEMENT_MESSAGES,
  formatDateTime,
  formatKobo,
  formatKoboGrouped,
  formatKoboPlain,
  type statementQuerySchema,
  statementDescription,
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
  /** The statement's holder: the reader its descriptions are written for. */
  userId: number;
  fromDay: string;
  toDay: string;
}

/**
 * A row's description as History reads it (@kolo/domain statementDescription: 'Transfer from Ada
 * Eze', 'Refund: Bank transfer to …'); the journal entry's own words only for an entry with no record.
 */
const describe = (m: StatementMovement, userId: number) => (m.transaction ? statementDescription(m.transaction, userId, m.amount) : m.description);

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
        describe(m, frame.userId),
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

/**
 * The PDF's table on A4 portrait (595 x 842 pt) inside 36 pt margins: the five columns end at the
 * right margin (559 pt), so the amounts are never cut by the page's edge. Text is 7.5 pt.
 */
export const STATEMENT_PDF_LAYOUT = {
  margin: 36,
  fontSize: 7.5,
  /** Space above and below a row's text, pt. */
  rowPadding: 2,
  columns: [
    { x: 36, width: 82 },
    { x: 122, width: 197 },
    { x: 323, width: 76 },
    { x: 403, width: 76 },
    { x: 483, width: 76 },
  ],
} as const;

async function pdfStatement(frame: Frame, out: PassThrough): Promise<Totals> {
  const { margin, fontSize, rowPadding, columns } = STATEMENT_PDF_LAYOUT;
  const doc = new PDFDocument({ size: "A4", margin, info: { Title: `Kolo statement ${frame.fromDay} to ${frame.toDay}`, Author: "Kolo" } });
  doc.registerFont("body", FONT);
  doc.registerFont("bold", FONT_BOLD);
  doc.pipe(out);
  const bottom = doc.page.height - margin - 12;
  const heading = ["Date (Lagos)", "Description", "Money in (NGN)", "Money out (NGN)", "Balance (NGN)"];
  let y = 0;
  // Dates and amounts (digits, commas, a colon) are drawn in the PDF's built-in Helvetica: its
  // metrics need no shaping, so the ~100,000 distinct balances of a long statement are not each
  // laid out and cached by the embedded font (the memory a long PDF used to take). Descriptions,
  // which may hold any script, stay in DejaVu Sans; amounts carry no ₦ sign (not in Helvetica):
  // the column headings say NGN, as the CSV's do.
  const fontOf = (cell: string, i: number, font: "body" | "bold") => (font === "body" && i !== 1 && /^[\x20-\x7e]*$/.test(cell) ? "Helvetica" : font);
  const lineHeight = { Helvetica: 0, body: 0, bold: 0 };
  /** A cell measured once: its face, its one-line width, and its height once wrapped to its column (one line when it fits: no line wrapper run). */
  const measure = (cell: string, i: number, font: "body" | "bold") => {
    const face = fontOf(cell, i, font);
    doc.font(face).fontSize(fontSize);
    const width = doc.widthOfString(cell);
    lineHeight[face] ||= doc.currentLineHeight(true);
    const height = width <= columns[i]!.width ? lineHeight[face] : doc.heightOfString(cell, { width: columns[i]!.width });
    return { cell, face, width, height };
  };
  // A row is as tall as its tallest cell (a long description wraps onto more lines and the row
  // grows with it, so no text reaches the next row); a row that would cross the bottom margin starts
  // a new page, which repeats the column headings.
  const row = (cells: string[], font: "body" | "bold" = "body", repeatHeading = true) => {
    const measured = cells.map((cell, i) => (cell === "" ? undefined : measure(cell, i, font)));
    const height = Math.max(...measured.map((m) => m?.height ?? 0)) + 2 * rowPadding;
    if (y + height > bottom) {
      doc.addPage();
      y = margin;
      if (repeatHeading) row(heading, "bold", false);
    }
    measured.forEach((m, i) => {
      if (!m) return;
      const column = columns[i]!;
      doc.font(m.face).fontSize(fontSize);
      if (m.width <= column.width) {
        // Placed by hand (one line): no line wrapper per cell; amounts sit on the column's right edge.
        doc.text(m.cell, i >= 2 ? column.x + column.width - m.width : column.x, y + rowPadding, { lineBreak: false });
        return;
      }
      doc.text(m.cell, column.x, y + rowPadding, { width: column.width, align: i >= 2 ? "right" : "left" });
    });
    y += height;
  };
  doc.font("bold").fontSize(16).fillColor("#087f47").text("Kolo statement", margin, margin);
  doc.font("body").fontSize(10).fillColor("#111111").text(`Account holder: ${frame.holderName}`).text(`Period: ${frame.fromDay} to ${frame.toDay} (Lagos)`);
  doc.text(`Opening balance: ${formatKobo(frame.openingKobo)}`);
  y = doc.y + 14;
  row(heading, "bold", false);
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
        describe(m, frame.userId),
        m.amount > 0n ? groupedNaira(m.amount) : "",
        m.amount < 0n ? groupedNaira(-m.amount) : "",
        groupedNaira(balance),
      ]);
    }
    forgetLayouts(doc);
    if (out.writableNeedDrain) await once(out, "drain");
  }
  y += 6;
  row(["Total money in", "", formatKobo(inKobo)], "bold", false);
  row(["Total money out", "", "", formatKobo(outKobo)], "bold", false);
  row(["Closing balance", "", "", "", formatKobo(balance)], "bold", false);
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
 * A Writable writing into `file` from byte 0 with FileHandle.write. Not `file.createWriteStream`:
 * a stream on a FileHandle holds a reference to it until the stream closes, and one left open (as
 * a writer must be, for the file to be read afterwards) keeps the read stream's close from ever
 * completing, so the descriptor stayed open until garbage collection (Node's DEP0137 warning).
 */
function fileWriter(file: FileHandle): Writable {
  let position = 0;
  return new Writable({
    // The chunks buffered while the last write was under way, joined into one write (pdfkit writes many small ones).
    writev(chunks, callback) {
      const data = Buffer.concat(chunks.map(({ chunk }) => chunk as Buffer));
      const writeAll = async () => {
        for (let offset = 0; offset < data.length; ) {
          const { bytesWritten } = await file.write(data, offset, data.length - offset, position);
          offset += bytesWritten;
          position += bytesWritten;
        }
      };
      writeAll().then(() => callback(), callback);
    },
  });
}

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
    const written = pipeline(out, fileWriter(file));
    const found = await withStatement(db, { userId, from: period.from, to: period.to }, async (statement) => {
      onOpen();
      await FORMATS[period.format].write({ ...statement, userId, fromDay: period.fromDay, toDay: period.toDay }, out);
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
