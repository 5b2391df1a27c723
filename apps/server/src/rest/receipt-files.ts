// Receipt files (docs/product.md "Receipts"): GET /api/receipts/{reference}.pdf and .png, the same
// receipt as GET /api/receipts/{reference} (receipts.get: its owner only), drawn on the server by
// kept libraries: pdfkit for the PDF, an SVG template rendered by @resvg/resvg-js for the PNG, the
// QR code by qrcode, text in DejaVu Sans (dejavu-fonts-ttf: it has the naira sign). Nothing of it
// reaches the browser's first screen.
import { createRequire } from "node:module";
import { type RouterOutputs, createCaller } from "@kolo/api";
import { formatNaira, formatReceiptCode, receiptLines } from "@kolo/domain";
import { Resvg } from "@resvg/resvg-js";
import type { FastifyInstance } from "fastify";
import PDFDocument from "pdfkit";
import QRCode from "qrcode";
import { z } from "zod";
import { type ContextDeps, contextFactory } from "../context";
import { sendTRPCError } from "./adapter";
import type { ExtraPath } from "./openapi";

/** A receipt as receipts.get answers it: amounts in naira (its output schema). */
type ReceiptView = RouterOutputs["receipts"]["get"];

const require = createRequire(import.meta.url);
const FONT = require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf");
const FONT_BOLD = require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf");

const lines = (view: ReceiptView) => receiptLines(view, { status: true });

/** The receipt as an A5 PDF (pdfkit), with its QR code and check link. */
export async function receiptPdf(view: ReceiptView): Promise<Buffer> {
  const qr = await QRCode.toBuffer(view.verifyUrl, { type: "png", width: 240, margin: 1 });
  const doc = new PDFDocument({ size: "A5", margin: 36, info: { Title: `Kolo receipt ${view.reference}`, Author: "Kolo" } });
  doc.registerFont("body", FONT);
  doc.registerFont("bold", FONT_BOLD);
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on("end", resolve);
    doc.on("error", reject);
  });
  doc.font("bold").fontSize(16).fillColor("#087f47").text("Kolo receipt");
  doc.moveDown(0.5).font("bold").fontSize(26).fillColor("#111111").text(formatNaira(view.amount));
  doc.moveDown(0.5);
  for (const line of lines(view)) {
    doc.font("body").fontSize(8).fillColor("#666666").text(line.label);
    doc.font("body").fontSize(11).fillColor("#111111").text(line.value);
    doc.moveDown(0.3);
  }
  doc.moveDown(0.5).image(qr, { width: 110 });
  doc
    .moveDown(0.3)
    .font("bold")
    .fontSize(10)
    .fillColor("#111111")
    .text(`Check code ${formatReceiptCode(view.verifyCode)}`);
  doc.font("body").fontSize(8).fillColor("#444444").text(`Anyone can check this receipt at ${view.verifyUrl}`);
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c] ?? c);

/** Characters of 24-px DejaVu Sans that fit the PNG's 624-pixel text width. */
const PNG_LINE_CHARS = 40;

/**
 * A receipt value as the PNG's lines: one when it fits; else split at the last ' · ' or space that
 * fits (a party's name, then its bank and masked account), so the account's last digits are never
 * cut; two lines at most, the second shortened with '…' only when even that is too long.
 */
function pngLines(value: string): string[] {
  if (value.length <= PNG_LINE_CHARS) return [value];
  const dot = value.lastIndexOf(" · ", PNG_LINE_CHARS);
  const space = value.lastIndexOf(" ", PNG_LINE_CHARS);
  const cut = dot > 0 ? dot : space > 0 ? space : PNG_LINE_CHARS;
  const rest = value.slice(cut).replace(/^( · | )/, "");
  return [value.slice(0, cut), rest.length > PNG_LINE_CHARS ? `${rest.slice(0, PNG_LINE_CHARS - 1)}…` : rest];
}

/** The receipt as a 720-pixel-wide PNG: an SVG template rendered by resvg with the bundled font only. */
export async function receiptPng(view: ReceiptView): Promise<Buffer> {
  const qr = await QRCode.toDataURL(view.verifyUrl, { width: 240, margin: 1 });
  const rows = lines(view).map((row) => ({ label: row.label, value: pngLines(row.value) }));
  const top = 230;
  const rowHeight = 64;
  const lineHeight = 30;
  let y = top;
  const text = rows
    .map((row) => {
      const drawn =
        `<text x="48" y="${y}" font-size="20" fill="#666666">${escapeXml(row.label)}</text>` +
        row.value.map((line, i) => `<text x="48" y="${y + 28 + i * lineHeight}" font-size="24" fill="#111111">${escapeXml(line)}</text>`).join("");
      y += rowHeight + (row.value.length - 1) * lineHeight;
      return drawn;
    })
    .join("");
  const qrTop = y + 10;
  const height = qrTop + 340;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="720" height="${height}" viewBox="0 0 720 ${height}" font-family="DejaVu Sans">
<rect width="720" height="${height}" fill="#ffffff"/>
<rect width="720" height="12" fill="#087f47"/>
<text x="48" y="86" font-size="30" font-weight="bold" fill="#087f47">Kolo receipt</text>
<text x="48" y="160" font-size="52" font-weight="bold" fill="#111111">${escapeXml(formatNaira(view.amount))}</text>
${text}
<image x="48" y="${qrTop}" width="220" height="220" href="${qr}"/>
<text x="48" y="${qrTop + 260}" font-size="24" font-weight="bold" fill="#111111">Check code ${escapeXml(formatReceiptCode(view.verifyCode))}</text>
<text x="48" y="${qrTop + 296}" font-size="18" fill="#444444">${escapeXml(view.verifyUrl)}</text>
</svg>`;
  const rendered = new Resvg(svg, { font: { fontFiles: [FONT, FONT_BOLD], loadSystemFonts: false, defaultFontFamily: "DejaVu Sans" } }).render();
  return Buffer.from(rendered.asPng());
}

const FILES = {
  pdf: { type: "application/pdf", render: receiptPdf },
  png: { type: "image/png", render: receiptPng },
} as const;

/** The OpenAPI entries of the two files (signed in; 404 when the receipt is not the user's). */
export const RECEIPT_FILE_PATHS: ExtraPath[] = (["pdf", "png"] as const).map((kind) => ({
  method: "GET",
  path: `/api/receipts/:reference.${kind}`,
  tag: "Receipts",
  summary: `The receipt of one of the user's transactions as a ${kind.toUpperCase()} file`,
  description: "docs/product.md 'Receipts'. The same receipt as GET /api/receipts/{reference}.",
  output: z.string(),
  statuses: [200, 401, 404, 500, 503],
  contentType: FILES[kind].type,
  session: true,
}));

/** Mounts GET /api/receipts/{reference}.pdf and .png. */
export function mountReceiptFiles(app: FastifyInstance, deps: ContextDeps) {
  const makeContext = contextFactory(deps);
  for (const kind of ["pdf", "png"] as const) {
    app.get<{ Params: { reference: string } }>(`/api/receipts/:reference.${kind}`, async (req, reply) => {
      try {
        const view = await createCaller(await makeContext(req, reply)).receipts.get({ reference: req.params.reference });
        const file = await FILES[kind].render(view);
        return reply.type(FILES[kind].type).header("content-disposition", `attachment; filename="kolo-receipt-${view.reference}.${kind}"`).send(file);
      } catch (error) {
        return sendTRPCError(reply, req, error);
      }
    });
  }
}
