CREATE TABLE "user_verifications" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"bvn_hash" text,
	"bvn_last4" text,
	"bvn_verified_at" timestamp with time zone,
	"bank_account_verified_at" timestamp with time zone,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"last_failed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_verifications_bvnHash_unique" UNIQUE("bvn_hash"),
	CONSTRAINT "user_verifications_attempts_range" CHECK ("user_verifications"."failed_attempts" >= 0),
	CONSTRAINT "user_verifications_bvn_last4" CHECK ("user_verifications"."bvn_last4" is null or "user_verifications"."bvn_last4" ~ '^[0-9]{4}$')
);
--> statement-breakpoint
ALTER TABLE "user_verifications" ADD CONSTRAINT "user_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;