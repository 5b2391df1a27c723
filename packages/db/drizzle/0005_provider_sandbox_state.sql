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
