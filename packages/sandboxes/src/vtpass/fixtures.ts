// The VTpass sandbox's fixtures (docs/providers.md): how a purchase for each
// phone number behaves, and the data plans of each network (VTpass-style variation codes).

/** What the sandbox does with a purchase for a phone number: the pay answer and the final status requery reaches. */
export interface PhoneFixture {
  pay: "delivered" | "processing" | "http-500" | "close" | "hang" | "failed";
  final: "delivered" | "failed";
  /** The final status is reached only after the sandbox's pending delay (201000000000). */
  delayed?: boolean;
}

export const SANDBOX_PHONES = {
  delivered: "08011111111",
  pendingThenDelivered: "201000000000",
  pendingThenFailed: "201000000001",
  http500: "500000000000",
  connectionClosed: "400000000000",
  hang: "300000000000",
  failed: "08099999999",
} as const;

/** docs/providers.md's table; any other valid number is delivered at once. */
export function phoneFixture(phone: string): PhoneFixture {
  switch (phone) {
    case SANDBOX_PHONES.pendingThenDelivered:
      return { pay: "processing", final: "delivered", delayed: true };
    case SANDBOX_PHONES.pendingThenFailed:
      return { pay: "processing", final: "failed" };
    case SANDBOX_PHONES.http500:
      return { pay: "http-500", final: "delivered" };
    case SANDBOX_PHONES.connectionClosed:
      return { pay: "close", final: "delivered" };
    case SANDBOX_PHONES.hang:
      return { pay: "hang", final: "delivered" };
    case SANDBOX_PHONES.failed:
      return { pay: "failed", final: "failed" };
    default:
      return { pay: "delivered", final: "delivered" };
  }
}

/** Default wait before 201000000000 turns delivered (docs/providers.md: 5 s, configurable). */
export const SANDBOX_PENDING_DELAY_MS = 5_000;

/** The airtime serviceIDs and their names. */
export const AIRTIME_SERVICES: Record<string, string> = {
  mtn: "MTN Airtime VTU",
  glo: "GLO Airtime VTU",
  airtel: "Airtel Airtime VTU",
  etisalat: "9mobile Airtime VTU",
};

interface SandboxPlan {
  variation_code: string;
  name: string;
  variation_amount: string;
  fixedPrice: "Yes";
}

const plan = (variation_code: string, name: string, naira: number): SandboxPlan => ({
  variation_code,
  name,
  variation_amount: naira.toFixed(2),
  fixedPrice: "Yes",
});

/** The data plans of each data serviceID (at least three per network). */
export const DATA_SERVICES: Record<string, { name: string; plans: SandboxPlan[] }> = {
  "mtn-data": {
    name: "MTN Data",
    plans: [plan("mtn-10mb-100", "MTN 100MB - 1 day", 100), plan("mtn-1gb-500", "MTN 1GB - 7 days", 500), plan("mtn-2gb-1000", "MTN 2GB - 30 days", 1000)],
  },
  "glo-data": {
    name: "Glo Data",
    plans: [plan("glo-105mb-100", "Glo 105MB - 1 day", 100), plan("glo-1gb-500", "Glo 1GB - 7 days", 500), plan("glo-2gb-1000", "Glo 2GB - 30 days", 1000)],
  },
  "airtel-data": {
    name: "Airtel Data",
    plans: [
      plan("airtel-100mb-100", "Airtel 100MB - 1 day", 100),
      plan("airtel-1gb-500", "Airtel 1GB - 7 days", 500),
      plan("airtel-2gb-1000", "Airtel 2GB - 30 days", 1000),
    ],
  },
  "etisalat-data": {
    name: "9mobile Data",
    plans: [
      plan("etisalat-100mb-100", "9mobile 100MB - 1 day", 100),
      plan("etisalat-1gb-500", "9mobile 1GB - 7 days", 500),
      plan("etisalat-2gb-1000", "9mobile 2GB - 30 days", 1000),
    ],
  },
};

/** The sandbox's airtime bounds: ₦50 to ₦50,000. */
export const SANDBOX_AIRTIME_MIN_NAIRA = 50;
export const SANDBOX_AIRTIME_MAX_NAIRA = 50_000;

/** The twelve discos' serviceIDs and their names (docs/providers.md "Electricity (VTpass)"). */
export const ELECTRICITY_SERVICES: Record<string, string> = {
  "ikeja-electric": "Ikeja Electric Payment - IKEDC",
  "eko-electric": "Eko Electric Payment - EKEDC",
  "abuja-electric": "Abuja Electricity Distribution Company- AEDC",
  "kano-electric": "KEDCO - Kano Electric",
  "portharcourt-electric": "PHED - Port Harcourt Electric",
  "jos-electric": "Jos Electric - JED",
  "ibadan-electric": "IBEDC - Ibadan Electricity Distribution Company",
  "kaduna-electric": "Kaduna Electric - KAEDCO",
  "enugu-electric": "Enugu Electric - EEDC",
  "benin-electric": "Benin Electricity - BEDC",
  "aba-electric": "Aba Electric Payment - ABEDC",
  "yola-electric": "Yola Electric Disco Payment - YEDC",
};

/** A sandbox meter (any disco): who holds it, and how a purchase for it behaves. */
export interface MeterFixture {
  type: "prepaid" | "postpaid";
  customerName: string;
  address: string;
  minimumNaira: number;
  pay: "delivered" | "processing" | "failed";
  final: "delivered" | "failed";
  /** The final status is reached only after the sandbox's pending delay. */
  delayed?: boolean;
  /** Prepaid, once delivered. */
  token?: string;
  units?: string;
}

export const SANDBOX_METERS = {
  prepaidDelivered: "1111111111111",
  postpaidDelivered: "1010101010101",
  prepaidPendingThenDelivered: "2020202020202",
  prepaidFailed: "1212121212121",
} as const;

/** docs/providers.md's meter table; undefined (not found) for any other meter. */
const METERS: Record<string, MeterFixture> = {
  [SANDBOX_METERS.prepaidDelivered]: {
    type: "prepaid",
    customerName: "TESTMETER ONE",
    address: "12 Allen Avenue Ikeja",
    minimumNaira: 1000,
    pay: "delivered",
    final: "delivered",
    token: "4224-8751-7325-1062-8154",
    units: "32.6 kWh",
  },
  [SANDBOX_METERS.postpaidDelivered]: {
    type: "postpaid",
    customerName: "TESTMETER TWO",
    address: "4 Marina Lagos",
    minimumNaira: 1000,
    pay: "delivered",
    final: "delivered",
  },
  [SANDBOX_METERS.prepaidPendingThenDelivered]: {
    type: "prepaid",
    customerName: "TESTMETER THREE",
    address: "9 Wuse Abuja",
    minimumNaira: 1000,
    pay: "processing",
    final: "delivered",
    delayed: true,
    token: "5161-0042-9981-3370-2210",
    units: "48.3 kWh",
  },
  [SANDBOX_METERS.prepaidFailed]: {
    type: "prepaid",
    customerName: "TESTMETER FOUR",
    address: "3 Aba Road Port Harcourt",
    minimumNaira: 1000,
    pay: "failed",
    final: "failed",
  },
};

export const meterFixture = (meterNumber: string): MeterFixture | undefined => METERS[meterNumber];

/** The cable TV serviceIDs, their names and bouquets (docs/providers.md "Cable TV (VTpass)", prices in naira). */
export const CABLE_SERVICES: Record<string, { name: string; plans: SandboxPlan[] }> = {
  dstv: {
    name: "DSTV Subscription",
    plans: [
      plan("dstv-padi", "DStv Padi", 4400),
      plan("dstv-yanga", "DStv Yanga", 6000),
      plan("dstv-confam", "DStv Confam", 11000),
      plan("dstv79", "DStv Compact", 19000),
    ],
  },
  gotv: {
    name: "Gotv Payment",
    plans: [
      plan("gotv-smallie", "GOtv Smallie", 1900),
      plan("gotv-jinja", "GOtv Jinja", 3900),
      plan("gotv-jolli", "GOtv Jolli", 5800),
      plan("gotv-max", "GOtv Max", 8500),
    ],
  },
  startimes: {
    name: "Startimes Subscription",
    plans: [plan("nova", "StarTimes Nova", 1900), plan("basic", "StarTimes Basic", 3700), plan("classic", "StarTimes Classic", 5500)],
  },
};

export const SANDBOX_SMARTCARDS = {
  dstvDelivered: "7027914329",
  gotvDelivered: "7032054653",
  startimesDelivered: "02134567890",
  pendingThenDelivered: "1010101010",
  failed: "1212121212",
} as const;

/** A sandbox smartcard at one service: who holds it, its bouquet, and how a purchase for it behaves. */
export interface SmartcardFixture {
  customerName: string;
  /** DStv and GOtv: "Open", the days until due and the current bouquet (its price is the renewal amount). */
  status?: string;
  dueInDays?: number;
  bouquetCode?: string;
  pay: "delivered" | "processing" | "failed";
  final: "delivered" | "failed";
  /** The final status is reached only after the sandbox's pending delay. */
  delayed?: boolean;
}

/** The bouquet of `serviceId` with `code`; undefined when the service has none such. */
export const cableBouquet = (serviceId: string, code: string | undefined): SandboxPlan | undefined =>
  CABLE_SERVICES[serviceId]?.plans.find((p) => p.variation_code === code);

/** docs/providers.md's smartcard table; undefined (not found) for any other card or a card at another service. */
export function smartcardFixture(serviceId: string, smartcard: string): SmartcardFixture | undefined {
  const open = (customerName: string, dueInDays: number, bouquetCode: string | undefined) =>
    serviceId === "startimes" ? { customerName } : { customerName, status: "Open", dueInDays, ...(bouquetCode ? { bouquetCode } : {}) };
  const cheapest = CABLE_SERVICES[serviceId]?.plans[0]?.variation_code;
  if (!CABLE_SERVICES[serviceId]) return undefined;
  switch (smartcard) {
    case SANDBOX_SMARTCARDS.dstvDelivered:
      return serviceId === "dstv" ? { ...open("ADAEZE NWOSU", 3, "dstv-confam"), pay: "delivered", final: "delivered" } : undefined;
    case SANDBOX_SMARTCARDS.gotvDelivered:
      return serviceId === "gotv" ? { ...open("MUSA IBRAHIM", 10, "gotv-max"), pay: "delivered", final: "delivered" } : undefined;
    case SANDBOX_SMARTCARDS.startimesDelivered:
      return serviceId === "startimes" ? { customerName: "FOLAKE ADEYEMI", pay: "delivered", final: "delivered" } : undefined;
    case SANDBOX_SMARTCARDS.pendingThenDelivered: {
      const bouquet = serviceId === "gotv" ? "gotv-jinja" : serviceId === "dstv" ? "dstv-padi" : undefined;
      return { ...open("PENDING PAYER", 7, bouquet), pay: "processing", final: "delivered", delayed: true };
    }
    case SANDBOX_SMARTCARDS.failed:
      return { ...open("FAILING PAYER", 5, cheapest), pay: "failed", final: "failed" };
    default:
      return undefined;
  }
}
