import { DB_INT_MAX, addBankAccountSchema, addBeneficiarySchema, resolveAccountSchema } from "@kolo/domain";
import { z } from "zod";
import { addBankAccount, listBanks, listUserBankAccounts, removeBankAccount, resolveAccountName } from "../banking/accounts";
import { addBeneficiary, beneficiaryViews, removeBeneficiary } from "../banking/beneficiaries";
import { protectedProcedure, router } from "../trpc";

/** Banks (docs/product.md#banking-and-withdrawals GET /api/banks, GET /api/banks/resolve). */
export const banksRouter = router({
  /** -> [{id, code, name}]. PROVIDER_UNAVAILABLE (503) when the provider fails. */
  list: protectedProcedure.query(({ ctx }) => listBanks(ctx.services)),
  /** {accountNumber (10 digits), bankCode} -> {accountNumber, bankCode, accountName}. Errors: see resolveAccountName. */
  resolve: protectedProcedure.input(resolveAccountSchema).query(async ({ ctx, input }) => ({
    accountNumber: input.accountNumber,
    bankCode: input.bankCode,
    accountName: await resolveAccountName(ctx.services, input.accountNumber, input.bankCode),
  })),
});

/** Saved bank accounts (docs/product.md#banking-and-withdrawals GET/POST/DELETE /api/bank-accounts). */
export const bankAccountsRouter = router({
  /** -> the user's accounts [{id, userId, bankName, bankCode, accountNumber, accountName, isVerified}]. */
  list: protectedProcedure.query(({ ctx }) => listUserBankAccounts(ctx.db, ctx.user.id)),
  /** {bankName, bankCode, accountNumber, accountName} -> the saved account. Errors: see addBankAccount. */
  add: protectedProcedure.input(addBankAccountSchema).mutation(({ ctx, input }) => addBankAccount(ctx.db, ctx.services, ctx.user.id, input)),
  /** {id} -> {success, message}; NOT_FOUND for an account that is not the user's. */
  remove: protectedProcedure
    .input(z.object({ id: z.coerce.number().int().positive().max(DB_INT_MAX) }))
    .mutation(({ ctx, input }) => removeBankAccount(ctx.db, ctx.user.id, input.id)),
});

/** Beneficiaries: other people's accounts paid by number (docs/product.md "Transfers to any bank account"). */
export const beneficiariesRouter = router({
  /** GET /api/beneficiaries -> saved first, then recent: [{id (null when not saved), bankName, bankCode, accountNumber, accountName, saved, lastPaidAt}]. */
  list: protectedProcedure.query(({ ctx }) => beneficiaryViews(ctx.db, ctx.user.id)),
  /** POST /api/beneficiaries {bankCode, accountNumber} -> the beneficiary, its name resolved by the provider. Errors: see addBeneficiary. */
  add: protectedProcedure.input(addBeneficiarySchema).mutation(({ ctx, input }) => addBeneficiary(ctx.db, ctx.services, ctx.user.id, input)),
  /** DELETE /api/beneficiaries/{id} -> {success, message}. */
  remove: protectedProcedure
    .input(z.object({ id: z.coerce.number().int().positive().max(DB_INT_MAX) }))
    .mutation(({ ctx, input }) => removeBeneficiary(ctx.db, ctx.user.id, input.id)),
});
