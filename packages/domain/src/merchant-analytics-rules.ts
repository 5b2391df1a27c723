// Merchant analytics and customers (docs/product.md#merchants-and-invoices "Analytics and customers";
// docs/decisions/merchants.md): the periods, channels and the small money rules the server and the
// web app share. No zod here, so the screens can import it without the schemas.

/** The periods /merchant/analytics offers, in Lagos days ending today. */
export const MERCHANT_ANALYTICS_DAYS = [7, 30, 90] as const;
export type MerchantAnalyticsDays = (typeof MERCHANT_ANALYTICS_DAYS)[number];

/**
 * The channels a merchant is paid through, in the order the screen lists them: a scanned QR code,
 * an invoice, a payment link paid from a wallet, a card (a payment link paid by card). The SQL view
 * `merchant_payments` gives each payment one of these.
 */
export const MERCHANT_PAYMENT_CHANNELS = ["qr", "invoice", "link", "card"] as const;
export type MerchantPaymentChannel = (typeof MERCHANT_PAYMENT_CHANNELS)[number];

export const MERCHANT_CHANNEL_LABELS: Record<MerchantPaymentChannel, string> = { qr: "QR", invoice: "Invoice", link: "Link", card: "Card" };

/** Rows per page of /merchant/customers. */
export const MERCHANT_CUSTOMERS_PAGE_SIZE = 20;

/**
 * The average ticket: `totalKobo / count` rounded half up to the kobo; 0 without payments.
 * Kobo in, kobo out.
 */
export function averageTicketKobo(totalKobo: bigint, count: number): bigint {
  if (count <= 0) return 0n;
  const n = BigInt(count);
  return (totalKobo * 2n + n) / (2n * n);
}

/**
 * The Lagos days of a period of `days` days ending on `lastDay` (YYYY-MM-DD), oldest first:
 * `lagosDays('2026-03-10', 3)` is ['2026-03-08', '2026-03-09', '2026-03-10'].
 */
export function lagosDays(lastDay: string, days: number): string[] {
  const last = Date.parse(`${lastDay}T00:00:00Z`);
  return Array.from({ length: days }, (_, i) => new Date(last - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10));
}

/** One Lagos day's (or one channel's) sales: kobo and the number of payments. */
export interface SalesFigure {
  amount: bigint;
  count: number;
}

/** The analytics of a period (GET /api/merchants/me/analytics), kobo inside, naira on the wire. */
export interface MerchantSalesSummary {
  totalSales: bigint;
  paymentCount: number;
  averageTicket: bigint;
  /** Every day of the period, oldest first, zero on days without payments. */
  daily: ({ day: string } & SalesFigure)[];
  /** Every channel of MERCHANT_PAYMENT_CHANNELS in that order, zero when unused. */
  channels: ({ channel: MerchantPaymentChannel } & SalesFigure)[];
}

/**
 * Folds per-day-and-channel sums (`rows`: kobo per Lagos day and channel) into the period's
 * summary over `days` (lagosDays). Rows outside the period or of an unknown channel are refused
 * (Error): the SQL view and this list of channels must agree.
 */
export function summariseMerchantSales(
  days: readonly string[],
  rows: readonly { day: string; channel: string; kobo: bigint; count: number }[],
): MerchantSalesSummary {
  const daily = new Map(days.map((day) => [day, { day, amount: 0n, count: 0 }]));
  const channels = new Map(MERCHANT_PAYMENT_CHANNELS.map((channel) => [channel as string, { channel, amount: 0n, count: 0 }]));
  for (const row of rows) {
    const day = daily.get(row.day);
    const channel = channels.get(row.channel);
    if (!day || !channel) throw new Error(`Sales row outside the period or of an unknown channel: ${row.day} ${row.channel}`);
    day.amount += row.kobo;
    day.count += row.count;
    channel.amount += row.kobo;
    channel.count += row.count;
  }
  const totalSales = [...daily.values()].reduce((sum, day) => sum + day.amount, 0n);
  const paymentCount = [...daily.values()].reduce((sum, day) => sum + day.count, 0);
  return {
    totalSales,
    paymentCount,
    averageTicket: averageTicketKobo(totalSales, paymentCount),
    daily: [...daily.values()],
    channels: [...channels.values()],
  };
}
