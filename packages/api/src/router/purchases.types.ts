// Output schemas of the purchases router (router/purchases.ts), beside its procedures.
import { NETWORK_IDS, koboAsNaira } from "@kolo/domain";
import { z } from "zod";
import { transaction } from "./common.types";

export const networks = z.array(z.object({ id: z.enum(NETWORK_IDS), name: z.string(), serviceType: z.array(z.enum(["airtime", "data"])) }));

export const dataPlans = z.object({
  variations: z.array(z.object({ variation_code: z.string(), name: z.string(), variation_amount: z.string(), variation_desc: z.string() })),
});

export const customer = z.object({ content: z.looseObject({ Customer_Name: z.string() }) });

export const discos = z.array(z.object({ id: z.string(), name: z.string(), shortName: z.string() }));

export const meter = z.object({
  customerName: z.string(),
  address: z.string(),
  meterNumber: z.string(),
  meterType: z.enum(["prepaid", "postpaid"]),
  minimumAmount: koboAsNaira,
});

export const recentNumbers = z.array(z.object({ phoneNumber: z.string(), network: z.string(), networkName: z.string() }));

/** A purchase's answer: `pending` is HTTP 202 on REST. */
export const purchase = z.object({ status: z.enum(["success", "pending", "failed"]), message: z.string(), warning: z.string().nullable(), transaction });
