// Output schemas of the transactions router (router/transactions.ts), beside its procedures.
import { z } from "zod";
import { transaction } from "./common.types";

export const transactionList = z.array(transaction);
