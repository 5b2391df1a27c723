CREATE TABLE "paystack_sandbox_customers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "paystack_sandbox_customers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_code" text NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"phone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "paystack_sandbox_customers_customerCode_unique" UNIQUE("customer_code"),
	CONSTRAINT "paystack_sandbox_customers_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "paystack_sandbox_dedicated_accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "paystack_sandbox_dedicated_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_code" text NOT NULL,
	"account_number" text NOT NULL,
	"account_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "paystack_sandbox_dedicated_accounts_customerCode_unique" UNIQUE("customer_code"),
	CONSTRAINT "paystack_sandbox_dedicated_accounts_accountNumber_unique" UNIQUE("account_number")
);
--> statement-breakpoint
CREATE TABLE "dedicated_accounts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"customer_code" text,
	"account_number" text,
	"account_name" text,
	"bank_name" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dedicated_accounts_customerCode_unique" UNIQUE("customer_code"),
	CONSTRAINT "dedicated_accounts_accountNumber_unique" UNIQUE("account_number")
);
--> statement-breakpoint
ALTER TABLE "paystack_sandbox_charges" ADD COLUMN "channel" text DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "paystack_sandbox_charges" ADD COLUMN "customer_code" text;--> statement-breakpoint
ALTER TABLE "paystack_sandbox_charges" ADD COLUMN "authorization" jsonb;--> statement-breakpoint
ALTER TABLE "dedicated_accounts" ADD CONSTRAINT "dedicated_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dedicated_accounts_status_idx" ON "dedicated_accounts" USING btree ("status");