import { z } from "zod";

/**
 * The user-to-user transfer form (spec 02 §5 "User transfer"). Amount in naira; the server
 * checks it again (positive, at most 2 decimals) and converts to kobo.
 */
export const p2pFormSchema = z.object({
  recipientEmail: z.string().trim().pipe(z.email({ error: "Please enter a valid email" })),
  amount: z.number({ error: "Amount must be positive" }).positive({ error: "Amount must be positive" }),
});
