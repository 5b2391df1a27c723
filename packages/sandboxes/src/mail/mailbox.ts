// The sandbox mailbox (docs/providers.md "E-mail"): without SMTP_URL, every message goes through
// nodemailer's JSON transport and is kept in PostgreSQL instead of being sent; /sandbox/mail lists
// them newest first (HTML), /sandbox/mail/messages.json as JSON, so tests and people trying the app
// read the same mailbox.
import type { Mailer } from "@kolo/providers";
import { type Database, insertSandboxMail, listSandboxMail } from "@kolo/db";
import type { FastifyInstance } from "fastify";
import nodemailer from "nodemailer";
import { escapeHtml } from "../kit";

/** The links of a message's text, in order. */
export function linksOf(text: string): string[] {
  return [...text.matchAll(/https?:\/\/[^\s<>"')]+/g)].map((match) => match[0]);
}

/** A Mailer that keeps every message in the sandbox mailbox. */
export function sandboxMailer(db: Database): Mailer {
  const transport = nodemailer.createTransport({ jsonTransport: true });
  return {
    async send(message) {
      await transport.sendMail({ from: "Kolo <no-reply@kolo.test>", ...message });
      await insertSandboxMail(db, { to: message.to, subject: message.subject, text: message.text, html: message.html ?? null, links: linksOf(message.text) });
    },
  };
}

/** Mounts GET /sandbox/mail and GET /sandbox/mail/messages.json. */
export async function mailboxRoutes(app: FastifyInstance, options: { db: Database }) {
  const messages = async () =>
    (await listSandboxMail(options.db)).map(({ id, to, subject, text, html, links, createdAt }) => ({ id, to, subject, text, html, links, createdAt }));
  app.get("/sandbox/mail/messages.json", async () => messages());
  app.get("/sandbox/mail", async (_req, reply) => {
    const items = (await messages())
      .map(
        (m) =>
          `<article><h2>${escapeHtml(m.subject)}</h2><p>To ${escapeHtml(m.to)} · ${m.createdAt.toISOString()}</p><pre>${escapeHtml(m.text)}</pre>` +
          `<ul>${m.links.map((link) => `<li><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></li>`).join("")}</ul></article>`,
      )
      .join("");
    return reply
      .type("text/html; charset=utf-8")
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Sandbox mailbox</title></head>` +
          `<body><main><h1>Sandbox mailbox</h1>${items || "<p>No messages yet.</p>"}</main></body></html>`,
      );
  });
}
