import { listFeatureSettings } from "@kolo/db";
import { FEATURE_KEYS, type FeatureKey } from "@kolo/domain";
import { toggleFeatureSetting } from "../admin/settings";
import { z } from "zod";
import { adminProcedure, protectedProcedure, router } from "../trpc";
import * as out from "./features.types";

const isFeatureKey = (key: string): key is FeatureKey => (FEATURE_KEYS as readonly string[]).includes(key);

/** Feature switches (docs/product.md). */
export const featuresRouter = router({
  /** Every switch as {key, value} for a signed-in user. */
  list: protectedProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/features",
        tag: "Features",
        summary: "The feature switches",
      },
    })
    .output(out.features)
    .query(async ({ ctx }) => {
      const rows = await listFeatureSettings(ctx.db);
      // Only the switches the code knows (a row the code no longer names is not shown).
      return rows.flatMap(({ key, value }) => (isFeatureKey(key) ? [{ key, value }] : []));
    }),

  /** Admin: {key, value} -> the updated setting, audited (same as admin.settings.set). NOT_FOUND for an unknown key. */
  set: adminProcedure.input(z.object({ key: z.enum(FEATURE_KEYS), value: z.boolean() })).mutation(async ({ ctx, input }) => {
    const row = await toggleFeatureSetting(ctx.db, { adminId: ctx.user.id, key: input.key, value: input.value });
    return { id: row.id, key: row.key, value: row.value, description: row.description };
  }),
});
