// What the /api paths answer, as JSON on the wire (docs/product.md lists the same shapes): the
// response schemas of the route table (routes.ts) and of the OpenAPI document (openapi.ts). Dates
// are ISO 8601 strings; amounts in naira unless a field says kobo. HTTP tests check every answer
// they see against these (AppOptions.checkResponses), so a shape that drifts fails the suite.
import { schema } from "@kolo/db";
import { FEATURE_KEYS } from "@kolo/domain";
import { z } from "zod";

const id = z.number().int().positive();
const dateTime = z.iso.datetime({ offset: true });
/** Naira, as the client reads amounts (two decimals at most). */
const naira = z.number().meta({ description: "naira" });
const message = z.object({ message: z.string() });

/** Every failed call's body (docs/product.md "Money rules"; tRPC's `data` carries the same fields). */
export const errorBody = z.object({
  message: z.string(),
  details: z.unknown().meta({ description: "field errors (Record<field, string[]>) or figures the client may show; null when none" }),
  code: z.string().meta({ description: "the domain's error code (e.g. VALIDATION, INSUFFICIENT_BALANCE, UNAUTHENTICATED), INTERNAL or HTTP" }),
});

export const transaction = z.object({
  id,
  type: z.enum(schema.transactionType.enumValues),
  amount: naira,
  fee: naira,
  status: z.enum(schema.transactionStatus.enumValues),
  reference: z.string(),
  createdAt: dateTime,
  description: z.string(),
  senderId: id.nullable(),
  recipientId: id.nullable(),
  metadata: z.looseObject({ fee: naira }).meta({ description: "typed by `type` (docs/adding-a-movement.md); always `fee` in naira" }),
});

export const user = z.object({
  id,
  name: z.string(),
  email: z.string(),
  username: z.string(),
  phone: z.string().nullable(),
  role: z.enum(schema.userRole.enumValues),
  status: z.enum(schema.userStatus.enumValues),
  balance: naira,
  verificationLevel: z.number().int().min(0).max(2),
  merchantId: id.nullable(),
  createdAt: dateTime,
});

/** The signed-in user; an admin's answer also says whether the second factor is still due. */
export const me = user.extend({ mfaRequired: z.boolean().optional(), mfaEnrolled: z.boolean().optional() });

/** Login: the user, or (an admin) `{mfaRequired: true, enrolled}` until the second factor is given. */
export const login = z.union([user, z.object({ mfaRequired: z.literal(true), enrolled: z.boolean() })]);

export const mfa = user.extend({ recoveryCodes: z.array(z.string()).nullable(), recoveryCodesLeft: z.number().int() });

const bankAccount = z.object({
  id,
  userId: id,
  bankName: z.string(),
  bankCode: z.string(),
  accountNumber: z.string(),
  accountName: z.string(),
  isVerified: z.boolean(),
});

const withTransaction = message.extend({ transaction });
const receiptParty = z.object({ name: z.string(), account: z.string().nullable() });
const publicReceipt = z.strictObject({
  reference: z.string(),
  type: z.enum(schema.transactionType.enumValues),
  title: z.string(),
  status: z.string(),
  amount: naira,
  fee: naira,
  createdAt: dateTime,
  date: z.string(),
  from: receiptParty,
  to: receiptParty,
});
const verificationAnswer = z.object({ success: z.boolean(), message: z.string(), verificationLevel: z.number().int() });

/** The response schema of each route, by name (routes.ts refers to them as `shapes.<name>`). */
export const shapes = {
  health: z.object({ status: z.literal("ok") }),
  message,
  user,
  me,
  login,
  mfa,
  mfaEnrol: z.object({ secret: z.string(), otpauthUri: z.string() }),
  features: z.array(z.object({ key: z.enum(FEATURE_KEYS), value: z.boolean() })),
  topup: z.object({ authorizationUrl: z.string(), reference: z.string() }),
  topupVerification: z.object({ status: z.enum(["success", "pending", "failed"]), message: z.string(), reference: z.string(), amount: naira }),
  withTransaction,
  withdrawalStatus: withTransaction.extend({ status: z.enum(["pending", "processing", "completed", "failed", "reversed"]) }),
  recipient: z.object({ id, name: z.string() }),
  transactions: z.array(transaction),
  banks: z.array(z.object({ id: z.number().int(), code: z.string(), name: z.string() })),
  resolvedAccount: z.object({ account_name: z.string(), account_number: z.string(), bank_code: z.string() }),
  verificationStatus: z.object({
    verificationLevel: z.number().int(),
    bvnVerified: z.boolean(),
    bankAccountVerified: z.boolean(),
    level: z.number().int(),
    bankVerified: z.boolean(),
    verificationDetails: z.object({
      verificationAttempts: z.number().int(),
      verificationStatus: z.enum(["unverified", "partially_verified", "fully_verified", "blocked"]),
      maxAttempts: z.number().int(),
      bvnLast4: z.string().nullable(),
      resetAvailableAt: dateTime.nullable(),
    }),
  }),
  transactionLimit: z.object({ currentLimit: naira, currentLevel: z.number().int() }),
  beneficiary: z.object({
    id,
    bankName: z.string(),
    bankCode: z.string(),
    accountNumber: z.string().regex(/^\d{10}$/),
    accountName: z.string(),
    saved: z.literal(true),
  }),
  beneficiaries: z.array(
    z.object({
      id: id.nullable(),
      bankName: z.string(),
      bankCode: z.string(),
      accountNumber: z.string().regex(/^\d{10}$/),
      accountName: z.string(),
      saved: z.boolean(),
      lastPaidAt: dateTime.nullable(),
    }),
  ),
  notifications: z.object({ moneyAlerts: z.boolean() }),
  session: z.object({ signedIn: z.boolean(), mfaRequired: z.boolean() }),
  publicReceipt,
  receipt: publicReceipt.extend({
    direction: z.enum(["credit", "debit"]),
    total: naira,
    description: z.string(),
    providerReference: z.string().nullable(),
    /** The kind's own lines (an electricity token and units). */
    extraLines: z.array(z.object({ label: z.string(), value: z.string() })),
    verifyCode: z.string().regex(/^[a-z2-7]{16}$/),
    verifyUrl: z.url(),
  }),
  transactionPinStatus: z.object({ isSet: z.boolean(), locked: z.boolean(), lockedUntil: dateTime.nullable(), attemptsRemaining: z.number().int() }),
  accountNumber: z.object({
    bankName: z.string().nullable(),
    accountNumber: z
      .string()
      .regex(/^\d{10}$/)
      .nullable(),
    accountName: z.string().nullable(),
    status: z.enum(["active", "pending", "unavailable"]),
  }),
  verificationAnswer,
  bankAccount,
  bankAccounts: z.array(bankAccount),
  removed: z.object({ success: z.boolean(), message: z.string() }),
} as const;
