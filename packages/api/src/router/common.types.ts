// Output schemas shared by several routers (docs/rest-api.md "Declaring a route"): what a procedure
// answers, checked by its `.output()`. Over tRPC the web app gets these values (superjson keeps
// Dates); over REST the same values as JSON (a Date as an ISO 8601 string, see wireJsonSchema).
import { schema } from "@kolo/db";
import { z } from "zod";

export const id = z.number().int().positive();
/** A moment: a Date inside and over tRPC, an ISO 8601 date-time string in REST JSON. */
export const dateTime = z.date();
/** A moment a view already wrote as an ISO 8601 string (the same JSON as `dateTime`). */
export const isoDateTime = z.iso.datetime({ offset: true });
/** Naira, as the client reads amounts (two decimals at most). */
export const naira = z.number().meta({ description: "naira" });
export const kobo = z.number().int().meta({ description: "kobo" });
export const message = z.object({ message: z.string() });

/** A transaction as the client reads it (money/view.ts: the view and its schema side by side). */
export { transactionSchema as transaction } from "../money/view";
import { transactionSchema as transaction } from "../money/view";

/** `{message, transaction}`: the answer of most money writes. */
export const withTransaction = message.extend({ transaction });
