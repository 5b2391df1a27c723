CREATE TABLE "first_day_caps" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"until" timestamp with time zone NOT NULL,
	"total_kobo" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "security_codes" (
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"device_id" integer,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "security_codes_user_id_purpose_pk" PRIMARY KEY("user_id","purpose"),
	CONSTRAINT "security_codes_purpose" CHECK ("security_codes"."purpose" in ('device', 'unfreeze'))
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "device_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "frozen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_devices" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "user_devices" ADD COLUMN "trusted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "first_day_caps" ADD CONSTRAINT "first_day_caps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_codes" ADD CONSTRAINT "security_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_codes" ADD CONSTRAINT "security_codes_device_id_user_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."user_devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_device_id_user_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."user_devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_device_id_idx" ON "sessions" USING btree ("device_id");--> statement-breakpoint
-- Devices known before trust existed stay trusted from when they were first seen (docs/decisions.md "Fraud controls").
UPDATE "user_devices" SET "trusted_at" = "created_at" WHERE "trusted_at" IS NULL;--> statement-breakpoint
-- The first-day cap (docs/product.md "Fraud controls"): ₦20,000 in kobo; 0 turns it off.
INSERT INTO "admin_limits" ("key", "value_kobo", "description") VALUES
  ('new_device_cap', 2000000, 'Money out in the 24 hours after registration, a newly trusted device or unfreezing (0: off)')
ON CONFLICT ("key") DO NOTHING;
