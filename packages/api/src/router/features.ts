import { listFeatureSettings, setFeatureSetting } from "@kolo/db";
import { DomainError, FEATURE_KEYS } from "@kolo/domain";
import { z } from "zod";
import { adminProcedure, protectedProcedure, router } from "../trpc";

/** Feature switches (spec 01 §3, spec 02 "Admin settings"). */
export const featuresRouter = router({
  /** Every switch as {key, value} for a signed-in user. */
  list: protectedProcedure.query(async ({ ctx }) => {
    const rows = await listFeatureSettings(ctx.db);
    return rows.map(({ key, value }) => ({ key, value }));
  }),

  /** Admin: {key, value} -> the updated setting. NOT_FOUND for an unknown key. */
  set: adminProcedure
    .input(z.object({ key: z.enum(FEATURE_KEYS), value: z.boolean() }))
    .mutation(async ({ ctx, input }) => {
      const row = await setFeatureSetting(ctx.db, input.key, input.value);
      if (!row) throw new DomainError("NOT_FOUND", "Setting not found");
      return { id: row.id, key: row.key, value: row.value, description: row.description };
    }),
});
