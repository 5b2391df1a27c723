CREATE TABLE "money_alerts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "money_alerts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"transaction_id" integer NOT NULL,
	"direction" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"skipped_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "user_devices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_devices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"device_hash" text NOT NULL,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_devices_hash_hex" CHECK ("user_devices"."device_hash" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "money_alerts" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "money_alerts" ADD CONSTRAINT "money_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_alerts" ADD CONSTRAINT "money_alerts_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_devices" ADD CONSTRAINT "user_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "money_alerts_once_key" ON "money_alerts" USING btree ("transaction_id","user_id","direction");--> statement-breakpoint
CREATE INDEX "money_alerts_unsent_idx" ON "money_alerts" USING btree ("id") WHERE "money_alerts"."sent_at" is null and "money_alerts"."skipped_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "user_devices_user_device_key" ON "user_devices" USING btree ("user_id","device_hash");--> statement-breakpoint
-- The money-alert outbox is written by the database itself when a transaction completes, in the
-- same database transaction, so no path that moves money can skip it (docs/product.md "E-mail alerts").
CREATE FUNCTION kolo_queue_money_alert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'completed' AND (TG_OP = 'INSERT' OR OLD.status IS DISTINCT FROM 'completed') THEN
    IF NEW.sender_id IS NOT NULL THEN
      INSERT INTO money_alerts (user_id, transaction_id, direction) VALUES (NEW.sender_id, NEW.id, 'debit') ON CONFLICT DO NOTHING;
    END IF;
    IF NEW.recipient_id IS NOT NULL THEN
      INSERT INTO money_alerts (user_id, transaction_id, direction) VALUES (NEW.recipient_id, NEW.id, 'credit') ON CONFLICT DO NOTHING;
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER transactions_money_alert AFTER INSERT OR UPDATE OF status ON transactions
  FOR EACH ROW EXECUTE FUNCTION kolo_queue_money_alert();
