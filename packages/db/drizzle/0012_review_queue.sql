CREATE TABLE "review_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "review_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"kind" text NOT NULL,
	"cause" text NOT NULL,
	"reference" text NOT NULL,
	"transaction_id" integer,
	"user_id" integer,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"provider_status" text,
	"status" text DEFAULT 'open' NOT NULL,
	"resolution" text,
	"note" text,
	"resolved_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "review_items_key_unique" UNIQUE("key")
);
--> statement-breakpoint
ALTER TABLE "review_items" ADD CONSTRAINT "review_items_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_items" ADD CONSTRAINT "review_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_items" ADD CONSTRAINT "review_items_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_items_open_created_idx" ON "review_items" USING btree ("created_at","id") WHERE "review_items"."status" = 'open';--> statement-breakpoint
CREATE INDEX "review_items_resolved_created_idx" ON "review_items" USING btree ("resolved_at","id") WHERE "review_items"."status" = 'resolved';--> statement-breakpoint
CREATE INDEX "review_items_reference_idx" ON "review_items" USING btree ("reference");