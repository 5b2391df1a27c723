// Output schemas of the banking routers (router/banking.ts: banks, bankAccounts, beneficiaries), beside their procedures.
import { z } from "zod";
import { id, isoDateTime } from "./common.types";

export const banks = z.array(z.object({ id: z.number().int(), code: z.string(), name: z.string() }));

/** The name on an account, as the procedure answers it. */
export const resolvedAccount = z.object({ accountNumber: z.string(), bankCode: z.string(), accountName: z.string() });

/** GET /api/banks/resolve's answer: Paystack's snake_case names (docs/product.md#banking-and-withdrawals). */
export const resolvedAccountRest = z.object({ account_name: z.string(), account_number: z.string(), bank_code: z.string() });

export const bankAccount = z.object({
  id,
  userId: id,
  bankName: z.string(),
  bankCode: z.string(),
  accountNumber: z.string(),
  accountName: z.string(),
  isVerified: z.boolean(),
});

export const bankAccounts = z.array(bankAccount);

export const removed = z.object({ success: z.boolean(), message: z.string() });

const accountNumber = z.string().regex(/^\d{10}$/);

export const beneficiary = z.object({ id, bankName: z.string(), bankCode: z.string(), accountNumber, accountName: z.string(), saved: z.literal(true) });

export const beneficiaries = z.array(
  z.object({
    id: id.nullable(),
    bankName: z.string(),
    bankCode: z.string(),
    accountNumber,
    accountName: z.string(),
    saved: z.boolean(),
    lastPaidAt: isoDateTime.nullable(),
  }),
);
