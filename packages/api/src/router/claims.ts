import { heldByLiensKobo, listAllClaims, listUserClaims } from "@kolo/db";
import { ADMIN_MESSAGES, DB_INT_MAX, claimLienSchema, createClaimSchema } from "@kolo/domain";
import { z } from "zod";
import { adminClaimDetail, placeLien, reportClaim, requestLienEnding, toAdminClaimView, toClaimView } from "../money/claims";
import { adminProcedure, protectedProcedure, router } from "../trpc";
import * as out from "./claims.types";

const idInput = z.object({ id: z.coerce.number().int().positive().max(DB_INT_MAX) });
const referenceInput = z.object({ reference: z.string().trim().min(1).max(100) });

/**
 * Fraud claims (docs/product.md "Fraud claims"; the CBN exposure draft on authorised-push-payment
 * fraud, November 2025). Users report their own money out and read their claims; admins place a
 * lien on the recipient's Kolo wallet and refund the claimant from it or release it.
 */
export const claimsRouter = router({
  /**
   * POST /api/transactions/{reference}/claims {reason: not_me | tricked | wrong_recipient, details
   * (10-2000 characters)} -> the claim (201), with its deadlines. See reportClaim: NOT_FOUND unless
   * the caller's own; RULE_VIOLATION when not money out, failed, or 72 hours old or older. A repeat
   * answers the first claim.
   */
  report: protectedProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/transactions/:reference/claims",
        tag: "Claims",
        summary: "Report a problem with one's own money out (less than 72 hours old): a fraud claim",
        description: "docs/product.md 'Fraud claims'",
        status: 201,
        errors: [404],
      },
    })
    .input(referenceInput.extend(createClaimSchema.shape))
    .output(out.claim)
    .mutation(async ({ ctx, input }) => (await reportClaim(ctx.db, ctx.services, { user: ctx.user, ...input })).claim),

  /** GET /api/claims -> {claims: [...]}: the caller's own, newest first. */
  mine: protectedProcedure
    .meta({ rest: { method: "GET", path: "/api/claims", tag: "Claims", summary: "The user's own fraud claims, with their deadlines" } })
    .output(out.claims)
    .query(async ({ ctx }) => ({ claims: (await listUserClaims(ctx.db, ctx.user.id)).map(toClaimView) })),

  /**
   * GET /api/claims/held -> {held: naira, merchantHeld: naira}: what liens hold on the caller's
   * wallet and on their merchant's wallet ('Held: under investigation' under each balance).
   */
  held: protectedProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/claims/held",
        tag: "Claims",
        summary: "Money held on the user's and their merchant's wallet while a claim is investigated",
      },
    })
    .output(out.held)
    .query(async ({ ctx }) => ({
      held: await heldByLiensKobo(ctx.db, ctx.user.id),
      merchantHeld: await heldByLiensKobo(ctx.db, ctx.user.id, "merchant"),
    })),

  /** GET /api/admin/claims -> {claims: [...]}: every claim, newest first (at most 200). Admins only. */
  adminList: adminProcedure
    .meta({ rest: { method: "GET", path: "/api/admin/claims", tag: "Admin", summary: "Fraud claims, newest first" } })
    .output(out.adminClaims)
    .query(async ({ ctx }) => ({ claims: (await listAllClaims(ctx.db)).map(toAdminClaimView) })),

  /** GET /api/admin/claims/{id} -> {claim, recipient: {id, name, email, balance, held} | null}. NOT_FOUND 'Claim not found'. */
  adminById: adminProcedure
    .meta({ rest: { method: "GET", path: "/api/admin/claims/:id", tag: "Admin", summary: "A fraud claim with the recipient's wallet", errors: [404] } })
    .input(idInput)
    .output(out.adminClaimDetail)
    .query(({ ctx, input }) => adminClaimDetail(ctx.db, input.id)),

  /**
   * POST /api/admin/claims/{id}/lien {amount: naira} -> {claim, recipient}: holds the amount on the
   * recipient's wallet (at most the claim and the balance). See placeLien. A repeat changes nothing.
   */
  lien: adminProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/admin/claims/:id/lien",
        tag: "Admin",
        summary: "Hold up to the claimed amount on the recipient's Kolo wallet",
        description: "docs/product.md 'Fraud claims'",
        errors: [404],
      },
    })
    .input(idInput.extend(claimLienSchema.shape))
    .output(out.adminClaimDetail)
    .mutation(({ ctx, input }) => placeLien(ctx.db, ctx.services, { adminId: ctx.user.id, id: input.id, amountKobo: input.amount })),

  /**
   * POST /api/admin/claims/{id}/refund -> {pending: false, claim, recipient}: the lien goes to the
   * claimant; at or above the approval threshold {pending: true, approvalId, message} (202).
   */
  refund: adminProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/admin/claims/:id/refund",
        tag: "Admin",
        summary: "Refund the claimant from the lien; at or above the approval threshold it waits for another admin (202)",
        description: "docs/product.md 'Fraud claims'; docs/admin-security.md 'Approvals'",
        errors: [404, 409],
        accepted: (answer: { pending: boolean }) => answer.pending,
      },
    })
    .input(idInput)
    .output(out.lienEnding)
    .mutation(async ({ ctx, input }) => lienAnswer(await requestLienEnding(ctx.db, ctx.services, { adminId: ctx.user.id, id: input.id, act: "refund" }))),

  /**
   * POST /api/admin/claims/{id}/release -> {pending: false, claim, recipient}: the lien goes back to
   * the recipient; at or above the approval threshold {pending: true, approvalId, message} (202).
   */
  release: adminProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/admin/claims/:id/release",
        tag: "Admin",
        summary: "Release the lien to the recipient; at or above the approval threshold it waits for another admin (202)",
        description: "docs/product.md 'Fraud claims'; docs/admin-security.md 'Approvals'",
        errors: [404, 409],
        accepted: (answer: { pending: boolean }) => answer.pending,
      },
    })
    .input(idInput)
    .output(out.lienEnding)
    .mutation(async ({ ctx, input }) => lienAnswer(await requestLienEnding(ctx.db, ctx.services, { adminId: ctx.user.id, id: input.id, act: "release" }))),
});

const lienAnswer = (ending: Awaited<ReturnType<typeof requestLienEnding>>) =>
  ending.pending
    ? { pending: true as const, approvalId: ending.approvalId, message: ADMIN_MESSAGES.approvalPending }
    : { pending: false as const, ...ending.detail };
