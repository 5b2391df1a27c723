// Output schemas shared by several routers (docs/rest-api.md "Declaring a route"): what a procedure
// answers, checked by its `.output()`. Over tRPC the web app gets these values (superjson keeps
// Dates); over REST the same values as JSON (a Date as an ISO 8601 string, see wireJsonSchema).
import { z } from "zod";
import { transactionSchema as transaction } from "../money/view";

export const id = z.number().int().positive();
/** A moment: a Date inside and over tRPC, an ISO 8601 date-time string in REST JSON. */
export const dateTime = z.date();
/** A moment a view already wrote as an ISO 8601 string (the same JSON as `dateTime`). */
export const isoDateTime = z.iso.datetime({ offset: true });
export const message = z.object({ message: z.string() });

/** A transaction as the client reads it (money/view.ts: the view and its schema side by side; amounts go out as naira through koboAsNaira). */
export { transaction };

/** `{message, transaction}`: the answer of most money writes. */
export const withTransaction = message.extend({ transaction });
