CREATE TABLE "admin_adjustments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "admin_adjustments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"amount" bigint NOT NULL,
	"description" text NOT NULL,
	"created_by" integer NOT NULL,
	"idempotency_key" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"transaction_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_adjustments_amount_positive" CHECK ("admin_adjustments"."amount" > 0),
	CONSTRAINT "admin_adjustments_type" CHECK ("admin_adjustments"."type" in ('credit', 'debit')),
	CONSTRAINT "admin_adjustments_status" CHECK ("admin_adjustments"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "admin_adjustments_four_eyes" CHECK ("admin_adjustments"."decided_by" is null or "admin_adjustments"."decided_by" <> "admin_adjustments"."created_by")
);
--> statement-breakpoint
CREATE TABLE "admin_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"value_kobo" bigint NOT NULL,
	"description" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admin_adjustments" ADD CONSTRAINT "admin_adjustments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_adjustments" ADD CONSTRAINT "admin_adjustments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_adjustments" ADD CONSTRAINT "admin_adjustments_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "admin_adjustments_creator_key" ON "admin_adjustments" USING btree ("created_by","idempotency_key");--> statement-breakpoint
CREATE INDEX "admin_adjustments_status_idx" ON "admin_adjustments" USING btree ("status","created_at");--> statement-breakpoint
INSERT INTO "admin_limits" ("key", "value_kobo", "description")
VALUES ('adjustment_approval_threshold', 10000000, 'Admin credits and debits at or above this amount need a second admin''s approval (naira on the wire)')
ON CONFLICT ("key") DO NOTHING;
