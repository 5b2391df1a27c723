CREATE TABLE "ledger_verifications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_verifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ok" boolean NOT NULL,
	"checks" jsonb NOT NULL,
	"first_broken" text,
	"heads_digest" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "ledger_verifications_created_idx" ON "ledger_verifications" USING btree ("created_at","id");