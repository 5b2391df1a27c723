-- Payment links (docs/product.md "Payment links"): the links, and an index over the payments of each link.
CREATE TABLE "payment_links" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"merchant_id" integer NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"amount" bigint,
	"min_amount" bigint,
	"max_payments" integer,
	"expires_at" timestamp with time zone,
	"active" boolean DEFAULT true NOT NULL,
	"payments_count" integer DEFAULT 0 NOT NULL,
	"total_kobo" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_links_amount_choice" CHECK (("payment_links"."amount" is null) <> ("payment_links"."min_amount" is null)),
	CONSTRAINT "payment_links_amounts_positive" CHECK (coalesce("payment_links"."amount", "payment_links"."min_amount") > 0),
	CONSTRAINT "payment_links_max_payments" CHECK ("payment_links"."max_payments" is null or "payment_links"."max_payments" > 0)
);
--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_links_slug_key" ON "payment_links" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "payment_links_merchant_created_idx" ON "payment_links" USING btree ("merchant_id","created_at");--> statement-breakpoint
CREATE INDEX "transactions_link_payments_idx" ON "transactions" USING btree ((("metadata"->>'linkId')::int),"created_at") WHERE "transactions"."type" = 'payment' and "transactions"."metadata" ? 'linkId';