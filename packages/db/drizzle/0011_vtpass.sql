CREATE TABLE "vtpass_sandbox_purchases" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vtpass_sandbox_purchases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"request_id" text NOT NULL,
	"transaction_id" text NOT NULL,
	"service_id" text NOT NULL,
	"phone" text NOT NULL,
	"variation_code" text,
	"amount" bigint NOT NULL,
	"status" text NOT NULL,
	"final_status" text NOT NULL,
	"final_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vtpass_sandbox_purchases_requestId_unique" UNIQUE("request_id"),
	CONSTRAINT "vtpass_sandbox_purchases_transactionId_unique" UNIQUE("transaction_id")
);
--> statement-breakpoint
CREATE INDEX "vtpass_sandbox_purchases_phone_idx" ON "vtpass_sandbox_purchases" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "transactions_purchases_sender_idx" ON "transactions" USING btree ("sender_id","created_at") WHERE "transactions"."type" in ('airtime', 'data');