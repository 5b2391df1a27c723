import { boolean, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Feature switches (docs/product.md Feature setting); seeded on with their descriptions. */
export const featureSettings = pgTable("feature_settings", {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  key: text().notNull().unique(),
  value: boolean().notNull().default(true),
  description: text().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export type FeatureSettingRow = typeof featureSettings.$inferSelect;
