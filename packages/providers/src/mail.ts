// E-mail as the app sends it (nodemailer over SMTP, or the sandbox mailbox: docs/providers.md "E-mail").

/** One e-mail: plain text always, HTML when given. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Sends e-mail; rejects when the message could not be handed over. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
