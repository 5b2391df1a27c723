CREATE TABLE "paystack_sandbox_charges" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "paystack_sandbox_charges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"reference" text NOT NULL,
	"access_code" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"email" text NOT NULL,
	"callback_url" text NOT NULL,
	"metadata" jsonb,
	"status" text DEFAULT 'abandoned' NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "paystack_sandbox_charges_reference_unique" UNIQUE("reference"),
	CONSTRAINT "paystack_sandbox_charges_accessCode_unique" UNIQUE("access_code")
);
--> statement-breakpoint
CREATE TABLE "paystack_sandbox_recipients" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "paystack_sandbox_recipients_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"recipient_code" text NOT NULL,
	"name" text NOT NULL,
	"account_number" text NOT NULL,
	"account_name" text NOT NULL,
	"bank_code" text NOT NULL,
	"bank_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "paystack_sandbox_recipients_recipientCode_unique" UNIQUE("recipient_code")
);
--> statement-breakpoint
CREATE TABLE "paystack_sandbox_transfers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "paystack_sandbox_transfers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"reference" text NOT NULL,
	"transfer_code" text NOT NULL,
	"recipient_code" text NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"outcome" text NOT NULL,
	"next_event_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "paystack_sandbox_transfers_reference_unique" UNIQUE("reference"),
	CONSTRAINT "paystack_sandbox_transfers_transferCode_unique" UNIQUE("transfer_code")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "paystack_sandbox_recipients_account_key" ON "paystack_sandbox_recipients" USING btree ("bank_code","account_number");--> statement-breakpoint
CREATE INDEX "paystack_sandbox_transfers_due_idx" ON "paystack_sandbox_transfers" USING btree ("next_event_at");