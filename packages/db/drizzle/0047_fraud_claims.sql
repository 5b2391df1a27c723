-- Fraud claims (docs/product.md "Fraud claims"): the claim beside its support ticket (kind fraud), and
-- the approval kind claim (a refund or release of a lien at or above the threshold waits for a second admin).
CREATE TABLE "fraud_claims" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fraud_claims_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ticket_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"transaction_id" integer NOT NULL,
	"recipient_id" integer,
	"reason" text NOT NULL,
	"details" text NOT NULL,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"lien_amount" bigint DEFAULT 0 NOT NULL,
	"answer_by" timestamp with time zone NOT NULL,
	"decision_by" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fraud_claims_ticketId_unique" UNIQUE("ticket_id"),
	CONSTRAINT "fraud_claims_transactionId_unique" UNIQUE("transaction_id"),
	CONSTRAINT "fraud_claims_reason" CHECK ("fraud_claims"."reason" in ('not_me', 'tricked', 'wrong_recipient')),
	CONSTRAINT "fraud_claims_status" CHECK ("fraud_claims"."status" in ('open', 'lien', 'refunded', 'released')),
	CONSTRAINT "fraud_claims_lien_range" CHECK ("fraud_claims"."lien_amount" >= 0 and "fraud_claims"."lien_amount" <= "fraud_claims"."amount")
);
--> statement-breakpoint
ALTER TABLE "admin_approvals" DROP CONSTRAINT "admin_approvals_kind";--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "kind" text DEFAULT 'general' NOT NULL;--> statement-breakpoint
ALTER TABLE "fraud_claims" ADD CONSTRAINT "fraud_claims_ticket_id_support_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."support_tickets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fraud_claims" ADD CONSTRAINT "fraud_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fraud_claims" ADD CONSTRAINT "fraud_claims_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fraud_claims" ADD CONSTRAINT "fraud_claims_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fraud_claims_user_created_idx" ON "fraud_claims" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "fraud_claims_recipient_status_idx" ON "fraud_claims" USING btree ("recipient_id","status");--> statement-breakpoint
ALTER TABLE "admin_approvals" ADD CONSTRAINT "admin_approvals_kind" CHECK ("admin_approvals"."kind" in ('adjustment', 'setting', 'role', 'review_credit', 'forced_move', 'claim'));