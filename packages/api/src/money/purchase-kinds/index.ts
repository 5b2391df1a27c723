// The purchase kinds (docs/adding-a-movement.md "A new purchase kind"): one file each, listed here.
import type { PurchaseType } from "@kolo/domain";
import { airtimeKind } from "./airtime";
import { cableKind } from "./cable";
import { dataKind } from "./data";
import { electricityKind } from "./electricity";
import type { PurchaseKind } from "./kind";

export const PURCHASE_KINDS: Record<PurchaseType, PurchaseKind> = {
  airtime: airtimeKind,
  data: dataKind,
  electricity: electricityKind,
  cable: cableKind,
};

export { airtimeOrder } from "./airtime";
export { CABLE_BOUQUETS_TTL_MS, cableBouquets, cableOrder, verifySmartcard } from "./cable";
export { dataOrder } from "./data";
export { electricityOrder, meterMinimumKobo, verifyMeter } from "./electricity";
export { type PurchaseKind, type PurchaseOrder, sameOrder } from "./kind";
