CREATE TABLE "admin_approvals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "admin_approvals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"user_id" integer,
	"amount" bigint,
	"summary" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_by" integer NOT NULL,
	"idempotency_key" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"note" text,
	"transaction_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_approvals_kind" CHECK ("admin_approvals"."kind" in ('adjustment', 'setting', 'role', 'review_credit', 'forced_move')),
	CONSTRAINT "admin_approvals_amount_positive" CHECK ("admin_approvals"."amount" is null or "admin_approvals"."amount" > 0),
	CONSTRAINT "admin_approvals_status" CHECK ("admin_approvals"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "admin_approvals_four_eyes" CHECK ("admin_approvals"."decided_by" is null or "admin_approvals"."decided_by" <> "admin_approvals"."created_by"),
	CONSTRAINT "admin_approvals_not_subject" CHECK ("admin_approvals"."decided_by" is null or "admin_approvals"."user_id" is null or "admin_approvals"."decided_by" <> "admin_approvals"."user_id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "role_granted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "admin_approvals" ADD CONSTRAINT "admin_approvals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_approvals" ADD CONSTRAINT "admin_approvals_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_approvals" ADD CONSTRAINT "admin_approvals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "admin_approvals_creator_key" ON "admin_approvals" USING btree ("created_by","idempotency_key");--> statement-breakpoint
CREATE INDEX "admin_approvals_status_idx" ON "admin_approvals" USING btree ("status","created_at");--> statement-breakpoint
-- Large adjustments move into the approvals queue with their ids, so their approve and reject paths keep working.
INSERT INTO "admin_approvals" ("id", "kind", "user_id", "amount", "summary", "payload", "created_by", "idempotency_key", "status", "decided_by", "decided_at", "transaction_id", "created_at")
OVERRIDING SYSTEM VALUE
SELECT "id", 'adjustment', "user_id", "amount",
	initcap("type") || ' of ₦' || to_char("amount" / 100.0, 'FM999,999,999,990.00') || ': ' || "description",
	jsonb_build_object('type', "type", 'description', "description"),
	"created_by", "idempotency_key", "status", "decided_by", "decided_at", "transaction_id", "created_at"
FROM "admin_adjustments";--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('"admin_approvals"', 'id'), coalesce((SELECT max("id") FROM "admin_approvals"), 0) + 1, false);--> statement-breakpoint
DROP TABLE "admin_adjustments" CASCADE;
