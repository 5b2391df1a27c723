// Output schemas shared by several routers (docs/rest-api.md "Declaring a route"): what a procedure
// answers, checked by its `.output()`. Over tRPC the web app gets these values (superjson keeps
// Dates); over REST the same values as JSON (a Date as an ISO 8601 string, see wireJsonSchema).
import { schema } from "@kolo/db";
import { z } from "zod";
import type { TransactionView } from "../money/view";

export const id = z.number().int().positive();
/** A moment: a Date inside and over tRPC, an ISO 8601 date-time string in REST JSON. */
export const dateTime = z.date();
/** A moment a view already wrote as an ISO 8601 string (the same JSON as `dateTime`). */
export const isoDateTime = z.iso.datetime({ offset: true });
/** Naira, as the client reads amounts (two decimals at most). */
export const naira = z.number().meta({ description: "naira" });
export const kobo = z.number().int().meta({ description: "kobo" });
export const message = z.object({ message: z.string() });

/**
 * A transaction's metadata: typed by the transaction's `type` (docs/adding-a-movement.md), checked
 * loosely here (any keys, `fee` in naira) and typed as the view's union for the web app.
 */
const metadata = z
  .looseObject({ fee: naira })
  .meta({ description: "typed by `type` (docs/adding-a-movement.md); always `fee` in naira" }) as unknown as z.ZodType<TransactionView["metadata"]>;

/** A transaction as the client reads it (money/view.ts toTransactionView). */
export const transaction = z.object({
  id,
  type: z.enum(schema.transactionType.enumValues),
  amount: naira,
  fee: naira,
  status: z.enum(schema.transactionStatus.enumValues),
  reference: z.string(),
  createdAt: dateTime,
  description: z.string(),
  senderId: id.nullable(),
  recipientId: id.nullable(),
  metadata,
});

/** `{message, transaction}`: the answer of most money writes. */
export const withTransaction = message.extend({ transaction });
