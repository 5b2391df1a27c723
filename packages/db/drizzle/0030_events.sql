CREATE TABLE "events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer,
	"kind" text NOT NULL,
	"subject_id" bigint,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_user_id_idx" ON "events" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "events_created_at_idx" ON "events" USING btree ("created_at");--> statement-breakpoint
-- Live events (docs/product.md "Live updates"): written by the database itself in the transaction
-- that makes the change, so no path can skip one, and announced at commit on `kolo_events`.
CREATE FUNCTION kolo_announce_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('kolo_events', json_build_object('id', NEW.id, 'u', NEW.user_id, 'k', NEW.kind, 's', NEW.subject_id, 'd', NEW.data)::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER events_announce AFTER INSERT ON events FOR EACH ROW EXECUTE FUNCTION kolo_announce_event();
--> statement-breakpoint
CREATE FUNCTION kolo_event_balance() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.user_id IS NOT NULL AND NEW.kind IN ('user_wallet', 'merchant_wallet') AND NEW.balance IS DISTINCT FROM OLD.balance THEN
    INSERT INTO events (user_id, kind, data) VALUES (NEW.user_id, 'balance', jsonb_build_object('account', NEW.kind, 'balance', NEW.balance::text));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_event AFTER UPDATE OF balance ON ledger_accounts FOR EACH ROW EXECUTE FUNCTION kolo_event_balance();
--> statement-breakpoint
CREATE FUNCTION kolo_event_transaction() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  state jsonb := jsonb_build_object('status', NEW.status, 'type', NEW.type);
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status IS NOT DISTINCT FROM NEW.status THEN
    RETURN NULL;
  END IF;
  IF NEW.sender_id IS NOT NULL THEN
    INSERT INTO events (user_id, kind, subject_id, data) VALUES (NEW.sender_id, 'transaction', NEW.id, state);
  END IF;
  IF NEW.recipient_id IS NOT NULL AND NEW.recipient_id IS DISTINCT FROM NEW.sender_id THEN
    INSERT INTO events (user_id, kind, subject_id, data) VALUES (NEW.recipient_id, 'transaction', NEW.id, state);
  END IF;
  INSERT INTO events (user_id, kind, subject_id, data) VALUES (NULL, 'transaction', NEW.id, state);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER transactions_event AFTER INSERT OR UPDATE OF status ON transactions FOR EACH ROW EXECUTE FUNCTION kolo_event_transaction();
--> statement-breakpoint
CREATE FUNCTION kolo_event_ticket() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ticket_id integer;
  owner integer;
  state text;
BEGIN
  IF TG_TABLE_NAME = 'ticket_replies' THEN
    ticket_id := NEW.ticket_id;
  ELSE
    IF OLD.status IS NOT DISTINCT FROM NEW.status THEN
      RETURN NULL;
    END IF;
    ticket_id := NEW.id;
  END IF;
  SELECT user_id, status::text INTO owner, state FROM support_tickets WHERE id = ticket_id;
  IF owner IS NOT NULL THEN
    INSERT INTO events (user_id, kind, subject_id, data) VALUES (owner, 'ticket', ticket_id, jsonb_build_object('status', state));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER ticket_replies_event AFTER INSERT ON ticket_replies FOR EACH ROW EXECUTE FUNCTION kolo_event_ticket();
--> statement-breakpoint
CREATE TRIGGER support_tickets_event AFTER UPDATE OF status ON support_tickets FOR EACH ROW EXECUTE FUNCTION kolo_event_ticket();
--> statement-breakpoint
CREATE FUNCTION kolo_event_verification() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.verification_level IS DISTINCT FROM OLD.verification_level THEN
    INSERT INTO events (user_id, kind, data) VALUES (NEW.id, 'verification', jsonb_build_object('level', NEW.verification_level));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_verification_event AFTER UPDATE OF verification_level ON users FOR EACH ROW EXECUTE FUNCTION kolo_event_verification();
--> statement-breakpoint
CREATE FUNCTION kolo_event_review() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO events (user_id, kind, subject_id, data) VALUES (NULL, 'review', NEW.id, jsonb_build_object('status', NEW.status));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER review_items_event AFTER INSERT ON review_items FOR EACH ROW EXECUTE FUNCTION kolo_event_review();
