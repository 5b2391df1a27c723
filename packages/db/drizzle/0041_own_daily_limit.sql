-- Limits the user sets (docs/product.md "Limits the user sets"): the own daily limit for money out in
-- kobo (null: the level's), and a raise waiting 24 hours before it applies.
ALTER TABLE "users" ADD COLUMN "own_daily_limit" bigint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pending_daily_limit" bigint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pending_daily_limit_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_own_daily_limit_range" CHECK ("users"."own_daily_limit" >= 0 and "users"."pending_daily_limit" >= 0);