import { DB_INT_MAX, addBankAccountSchema, addBeneficiarySchema, bankMatches, bankSearchSchema, resolveAccountSchema } from "@kolo/domain";
import { z } from "zod";
import { addBankAccount, listBanks, listUserBankAccounts, removeBankAccount, resolveAccountName } from "../banking/accounts";
import { addBeneficiary, beneficiaryViews, removeBeneficiary } from "../banking/beneficiaries";
import { protectedProcedure, router } from "../trpc";
import * as out from "./banking.types";

/** Banks (docs/product.md#banking-and-withdrawals GET /api/banks, GET /api/banks/resolve). */
export const banksRouter = router({
  /**
   * {search?} -> [{id, code, name}]: every active bank, or with `search` those whose full name or
   * short name ('UBA', 'GTB', 'FBN': BANK_ALIASES in @kolo/domain) answers it (bankMatches).
   * PROVIDER_UNAVAILABLE (503) when the provider fails.
   */
  list: protectedProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/banks",
        tag: "Banking",
        summary: "The banks payouts can reach",
        errors: [502],
      },
    })
    .input(bankSearchSchema)
    .output(out.banks)
    .query(async ({ ctx, input }) => {
      const banks = await listBanks(ctx.services);
      const search = input?.search;
      return search ? banks.filter((bank) => bankMatches(search, bank)) : banks;
    }),
  /** {accountNumber (10 digits), bankCode} -> {accountNumber, bankCode, accountName}. Errors: see resolveAccountName. */
  resolve: protectedProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/banks/resolve",
        tag: "Banking",
        summary: "The name on a bank account (NUBAN) at a bank",
        errors: [422, 502],
        // REST keeps Paystack's snake_case names (docs/rest-api.md): the query and the answer are mapped.
        input: z.object({ account_number: resolveAccountSchema.shape.accountNumber, bank_code: resolveAccountSchema.shape.bankCode }),
        toInput: (query: { account_number?: unknown; bank_code?: unknown } | undefined) => ({
          accountNumber: query?.account_number,
          bankCode: query?.bank_code,
        }),
        output: out.resolvedAccountRest,
        toAnswer: (answer: z.output<typeof out.resolvedAccount>) => ({
          account_name: answer.accountName,
          account_number: answer.accountNumber,
          bank_code: answer.bankCode,
        }),
      },
    })
    .input(resolveAccountSchema)
    .output(out.resolvedAccount)
    .query(async ({ ctx, input }) => ({
      accountNumber: input.accountNumber,
      bankCode: input.bankCode,
      accountName: await resolveAccountName(ctx.services, input.accountNumber, input.bankCode),
    })),
});

/** Saved bank accounts (docs/product.md#banking-and-withdrawals GET/POST/DELETE /api/bank-accounts). */
export const bankAccountsRouter = router({
  /** -> the user's accounts [{id, userId, bankName, bankCode, accountNumber, accountName, isVerified}]. */
  list: protectedProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/bank-accounts",
        tag: "Banking",
        summary: "The user's saved bank accounts",
      },
    })
    .output(out.bankAccounts)
    .query(({ ctx }) => listUserBankAccounts(ctx.db, ctx.user.id)),
  /** {bankName, bankCode, accountNumber, accountName} -> the saved account. Errors: see addBankAccount. */
  add: protectedProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/bank-accounts",
        tag: "Banking",
        summary: "Save a bank account (its name is resolved at the bank)",
        status: 201,
        errors: [409, 422, 502],
      },
    })
    .input(addBankAccountSchema)
    .output(out.bankAccount)
    .mutation(({ ctx, input }) => addBankAccount(ctx.db, ctx.services, ctx.user.id, input)),
  /** {id} -> {success, message}; NOT_FOUND for an account that is not the user's. */
  remove: protectedProcedure
    .meta({
      rest: {
        method: "DELETE",
        path: "/api/bank-accounts/:id",
        tag: "Banking",
        summary: "Remove a saved bank account",
        errors: [409, 404],
      },
    })
    .input(z.object({ id: z.coerce.number().int().positive().max(DB_INT_MAX) }))

    .output(out.removed)
    .mutation(({ ctx, input }) => removeBankAccount(ctx.db, ctx.user.id, input.id)),
});

/** Beneficiaries: other people's accounts paid by number (docs/product.md "Transfers to any bank account"). */
export const beneficiariesRouter = router({
  /** GET /api/beneficiaries -> saved first, then recent: [{id (null when not saved), bankName, bankCode, accountNumber, accountName, saved, lastPaidAt}]. */
  list: protectedProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/beneficiaries",
        tag: "Banking",
        summary: "Saved beneficiaries, then recent accounts paid by number",
        description: "docs/product.md 'Transfers to any bank account'",
      },
    })
    .output(out.beneficiaries)
    .query(({ ctx }) => beneficiaryViews(ctx.db, ctx.user.id)),
  /** POST /api/beneficiaries {bankCode, accountNumber} -> the beneficiary, its name resolved by the provider. Errors: see addBeneficiary. */
  add: protectedProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/beneficiaries",
        tag: "Banking",
        summary: "Save another person's account as a beneficiary (its name is resolved at the bank)",
        status: 201,
      },
    })
    .input(addBeneficiarySchema)
    .output(out.beneficiary)
    .mutation(({ ctx, input }) => addBeneficiary(ctx.db, ctx.services, ctx.user.id, input)),
  /** DELETE /api/beneficiaries/{id} -> {success, message}. */
  remove: protectedProcedure
    .meta({
      rest: {
        method: "DELETE",
        path: "/api/beneficiaries/:id",
        tag: "Banking",
        summary: "Remove a beneficiary",
        errors: [404],
      },
    })
    .input(z.object({ id: z.coerce.number().int().positive().max(DB_INT_MAX) }))

    .output(out.removed)
    .mutation(({ ctx, input }) => removeBeneficiary(ctx.db, ctx.user.id, input.id)),
});
