// Output schemas of the users router (router/users.ts), beside its procedures.
import { z } from "zod";
import { id } from "./common.types";

/** Who a lookup names: shown as 'Send to {name}' before a transfer. */
export const namedRecipient = z.object({ id, name: z.string() });
