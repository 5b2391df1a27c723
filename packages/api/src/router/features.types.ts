// Output schemas of the features router (router/features.ts), beside its procedures.
import { FEATURE_KEYS } from "@kolo/domain";
import { z } from "zod";

export const features = z.array(z.object({ key: z.enum(FEATURE_KEYS), value: z.boolean() }));
