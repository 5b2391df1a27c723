import {
  type Database,
  findMerchantById,
  findMerchantByUserId,
  findPaymentLinkBySlug,
  findTransactionByReference,
  insertPaymentLink,
  isUniqueViolation,
  listMerchantPaymentLinks,
  type schema,
  updatePaymentLink,
} from "@kolo/db";
import {
  DomainError,
  LINK_DEFAULT_MIN_KOBO,
  LINK_MESSAGES,
  MERCHANT_MESSAGES,
  MESSAGES,
  MFA_MESSAGES,
  createPaymentLinkSchema,
  linkClosedReason,
  linkPaymentSchema,
  linkSlugSchema,
  plainText,
  updatePaymentLinkSchema,
} from "@kolo/domain";
import { PaymentGatewayError } from "@kolo/providers";
import { isLinkCardPayment, linkUrl, newLinkSlug, payLinkFromWallet, sendLinkReceipt, settleLinkCharge, startLinkCardPayment } from "../money/payment-links";
import { assertMoneyOutAllowed } from "../auth/fraud";
import { toTransactionView } from "../money/view";
import { assertFeatures, assertTransactionPin, featureProcedure, protectedProcedure, publicProcedure, router } from "../trpc";
import { heldAnswer } from "./wallet";
import { paymentMessage } from "./merchants";
import { linkPayment, linkPaymentStatus, paymentLink, paymentLinks, publicPaymentLink } from "./payment-links.types";

/** What a link is now: closed for a reason (inactive, expired, full: completed payments only), else active. */
function linkStatus(link: schema.PaymentLink, now: Date) {
  const reason = linkClosedReason(link, now, link.paymentsCount);
  const status =
    reason === LINK_MESSAGES.inactive ? "inactive" : reason === LINK_MESSAGES.expired ? "expired" : reason === LINK_MESSAGES.full ? "full" : "active";
  return { status, reason } as const;
}

/** The merchant's view of a link: amounts in kobo (naira on the wire), its public URL, its totals (completed payments). */
const toLinkView = (link: schema.PaymentLink, publicUrl: string, now: Date) => ({
  id: link.id,
  slug: link.slug,
  url: linkUrl(publicUrl, link.slug),
  title: link.title,
  description: link.description,
  amount: link.amount,
  minAmount: link.minAmount,
  maxPayments: link.maxPayments,
  expiresAt: link.expiresAt,
  active: link.active,
  status: linkStatus(link, now).status,
  paymentsCount: link.paymentsCount,
  total: link.totalKobo,
  createdAt: link.createdAt,
});

async function ownMerchant(db: Database, userId: number) {
  const merchant = await findMerchantByUserId(db, userId);
  if (!merchant) throw new DomainError("NOT_FOUND", MERCHANT_MESSAGES.noMerchant);
  return merchant;
}

const SLUG_ATTEMPTS = 5;

/** The merchant's payment links (docs/product.md "Payment links"). */
export const merchantLinksRouter = router({
  /**
   * {title, description, amount?, minAmount?, maxPayments?, expiresAt?} (naira; createPaymentLinkSchema)
   * -> the link {id, slug, url, …} (201). Needs feature_merchant and a merchant account (NOT_FOUND
   * 'Merchant account not found'). The slug is 12 random URL-safe characters.
   */
  create: featureProcedure("feature_merchant")
    .meta({
      rest: { method: "POST", path: "/api/merchants/me/links", tag: "Merchants", summary: "Create a payment link", status: 201, errors: [404] },
    })
    .input(createPaymentLinkSchema)
    .output(paymentLink)
    .mutation(async ({ ctx, input }) => {
      const merchant = await ownMerchant(ctx.db, ctx.user.id);
      for (let attempt = 1; ; attempt++) {
        try {
          const link = await insertPaymentLink(ctx.db, {
            merchantId: merchant.id,
            slug: newLinkSlug(),
            title: input.title,
            description: input.description,
            amount: input.amount ?? null,
            minAmount: input.amount === undefined ? (input.minAmount ?? LINK_DEFAULT_MIN_KOBO) : null,
            maxPayments: input.maxPayments ?? null,
            expiresAt: input.expiresAt ?? null,
          });
          return toLinkView(link, ctx.services.publicUrl, new Date());
        } catch (error) {
          // 72 random bits: a clash is next to impossible, but a retry costs nothing.
          if (!isUniqueViolation(error, "payment_links_slug_key") || attempt >= SLUG_ATTEMPTS) throw error;
        }
      }
    }),

  /** -> the merchant's links, newest first, each with its totals (count and sum of completed payments). NOT_FOUND without a merchant account. */
  list: protectedProcedure
    .meta({
      rest: { method: "GET", path: "/api/merchants/me/links", tag: "Merchants", summary: "The merchant's payment links with their totals", errors: [404] },
    })
    .output(paymentLinks)
    .query(async ({ ctx }) => {
      const merchant = await ownMerchant(ctx.db, ctx.user.id);
      const now = ctx.services.now?.() ?? new Date();
      return (await listMerchantPaymentLinks(ctx.db, merchant.id)).map((link) => toLinkView(link, ctx.services.publicUrl, now));
    }),

  /**
   * {id, title?, description?, active?, maxPayments? (null: none), expiresAt? (null: never)} -> the
   * link. `active: false` deactivates it. NOT_FOUND 'Could not find this payment link' for another
   * merchant's link. Needs feature_merchant.
   */
  update: featureProcedure("feature_merchant")
    .meta({ rest: { method: "PATCH", path: "/api/merchants/me/links/:id", tag: "Merchants", summary: "Change or deactivate a payment link", errors: [404] } })
    .input(updatePaymentLinkSchema)
    .output(paymentLink)
    .mutation(async ({ ctx, input }) => {
      const merchant = await ownMerchant(ctx.db, ctx.user.id);
      const { id, ...changes } = input;
      const link = await updatePaymentLink(ctx.db, merchant.id, id, changes);
      if (!link) throw new DomainError("NOT_FOUND", LINK_MESSAGES.notFound);
      return toLinkView(link, ctx.services.publicUrl, ctx.services.now?.() ?? new Date());
    }),
});

/** A link's public page and its payments (docs/product.md "Payment links"): no sign-in, except to pay from a wallet. */
export const linksRouter = router({
  /** {slug} -> the public view: the merchant's name (never the owner's), title, amount or minimum, and whether it takes payments. NOT_FOUND for an unknown slug. */
  bySlug: publicProcedure
    .meta({ rest: { method: "GET", path: "/api/links/:slug", tag: "Payment links", summary: "A payment link as its payers see it", errors: [404] } })
    .input(linkSlugSchema)
    .output(publicPaymentLink)
    .query(async ({ ctx, input }) => {
      const link = await findPaymentLinkBySlug(ctx.db, input.slug);
      const merchant = link && (await findMerchantById(ctx.db, link.merchantId));
      if (!link || !merchant) throw new DomainError("NOT_FOUND", LINK_MESSAGES.notFound);
      const { status, reason } = linkStatus(link, ctx.services.now?.() ?? new Date());
      return {
        slug: link.slug,
        merchantName: merchant.name,
        title: link.title,
        description: link.description,
        amount: link.amount,
        minAmount: link.minAmount,
        status,
        closedReason: reason,
      };
    }),

  /**
   * {slug, channel: "card", name, email, amount?} -> {authorizationUrl, reference}: a guest's
   * checkout at the gateway (startLinkCardPayment). {slug, channel: "wallet", amount?,
   * idempotencyKey?} -> {message: 'Payment Successful', transaction, merchant} (202 'Under review'
   * when fraud monitoring held it): signed in only
   * (UNAUTHENTICATED otherwise), feature_scan_pay and the transaction PIN as every payment
   * (pinProcedure's checks), then payLinkFromWallet. Errors: see those two.
   */
  pay: publicProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/links/:slug/pay",
        tag: "Payment links",
        summary: "Pay a payment link by card (a guest checkout) or from the signed-in user's wallet",
        idempotencyKey: true,
        errors: [401, 403, 404, 409],
        accepted: heldAnswer,
      },
    })
    .input(linkPaymentSchema)
    .output(linkPayment)
    .mutation(async ({ ctx, input }) => {
      const now = ctx.services.now?.() ?? new Date();
      if (input.channel === "card") {
        return startLinkCardPayment(ctx.db, ctx.services.paymentGateway, {
          slug: input.slug,
          name: input.name,
          email: input.email,
          amountKobo: input.amount,
          publicUrl: ctx.services.publicUrl,
          now,
        });
      }
      if (!ctx.user || !ctx.session) throw new DomainError("UNAUTHENTICATED", MESSAGES.notAuthenticated);
      if (ctx.mfaPending) throw new DomainError("MFA_REQUIRED", MFA_MESSAGES.required);
      await assertFeatures(ctx, ctx.user, ["feature_scan_pay"]);
      await assertMoneyOutAllowed(ctx.db, ctx.user, ctx.session);
      await assertTransactionPin(ctx, ctx.user.id, input);
      const result = await payLinkFromWallet(ctx.db, {
        payer: ctx.user,
        slug: input.slug,
        amountKobo: input.amount,
        idempotencyKey: input.idempotencyKey,
        now,
        deviceToken: ctx.deviceToken,
      });
      return {
        message: paymentMessage(result.transaction),
        transaction: toTransactionView(result.transaction, ctx.user.id),
        merchant: { id: result.merchant.id, name: result.merchant.name, category: result.merchant.category },
      };
    }),

  /**
   * {slug, reference} -> {status, reference, amount, merchantName, title} of a card payment of the
   * link: asks the gateway while it is pending and credits the merchant once (settleLinkCharge; the
   * webhook may have done it), then e-mails the payer's receipt once. The reference is the secret:
   * NOT_FOUND 'No payment found for this reference' unless it is a card payment of this link.
   */
  verify: publicProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/links/:slug/payments/:reference",
        tag: "Payment links",
        summary: "Verify a card payment of a link with the gateway and credit it once",
        errors: [404],
      },
    })
    .input(linkSlugSchema.extend({ reference: plainText().trim().min(1).max(100) }))
    .output(linkPaymentStatus)
    .mutation(async ({ ctx, input }) => {
      const link = await findPaymentLinkBySlug(ctx.db, input.slug);
      let record = await findTransactionByReference(ctx.db, input.reference);
      if (!link || !isLinkCardPayment(record) || (record.metadata as { linkId?: number }).linkId !== link.id) {
        throw new DomainError("NOT_FOUND", "No payment found for this reference");
      }
      if (record.status === "pending" || record.status === "failed") {
        try {
          const charge = await ctx.services.paymentGateway.verifyCharge(record.reference);
          await settleLinkCharge(ctx.db, charge, ctx.services.log);
        } catch (error) {
          if (!(error instanceof PaymentGatewayError)) throw error;
          ctx.services.log.warn({ reference: record.reference, err: String(error) }, "Link payment verification could not reach the gateway");
        }
        record = (await findTransactionByReference(ctx.db, input.reference)) ?? record;
      }
      if (record.status === "completed") await sendLinkReceipt(ctx.db, ctx.services, record.reference);
      return {
        status: record.status === "completed" ? "success" : record.status === "pending" ? "pending" : "failed",
        reference: record.reference,
        amount: record.amount,
        merchantName: (record.metadata as { merchantName: string }).merchantName,
        title: link.title,
      };
    }),
});
