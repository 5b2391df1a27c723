-- The admin console's user counts, maintained (docs/performance.md "At scale"): users per
-- verification level in 16 slot rows summed at read, moved at commit by a deferred trigger, as
-- transaction_counts is (0052_transaction_counts.sql).
CREATE TABLE "user_counts" (
	"slot" smallint PRIMARY KEY NOT NULL,
	"level0" bigint DEFAULT 0 NOT NULL,
	"level1" bigint DEFAULT 0 NOT NULL,
	"level2" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "user_counts_slot" CHECK ("user_counts"."slot" between 0 and 15)
);
--> statement-breakpoint
-- Each database transaction adds its changes to the slot of its backend, at commit: the one
-- counter row it locks is its last lock, held for the commit only.
CREATE FUNCTION kolo_count_user() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_old integer;
  v_new integer;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN v_old := OLD.verification_level; END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN v_new := NEW.verification_level; END IF;
  IF v_old IS NOT DISTINCT FROM v_new THEN RETURN NULL; END IF;
  UPDATE user_counts SET
    level0 = level0 + (v_new IS NOT DISTINCT FROM 0)::int - (v_old IS NOT DISTINCT FROM 0)::int,
    level1 = level1 + (v_new IS NOT DISTINCT FROM 1)::int - (v_old IS NOT DISTINCT FROM 1)::int,
    level2 = level2 + (v_new IS NOT DISTINCT FROM 2)::int - (v_old IS NOT DISTINCT FROM 2)::int
  WHERE slot = pg_backend_pid() % 16;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER users_count_rows AFTER INSERT OR DELETE ON users
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION kolo_count_user();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER users_count_level AFTER UPDATE OF verification_level ON users
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.verification_level IS DISTINCT FROM NEW.verification_level)
  EXECUTE FUNCTION kolo_count_user();
--> statement-breakpoint
-- Recounts from the table, under a lock that keeps writers out meanwhile: the backfill below, and
-- a bulk load that ran with the triggers off (session_replication_role = replica).
CREATE FUNCTION kolo_recount_users() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE users IN SHARE MODE;
  DELETE FROM user_counts;
  INSERT INTO user_counts (slot) SELECT generate_series(0, 15);
  UPDATE user_counts c SET level0 = u.level0, level1 = u.level1, level2 = u.level2
  FROM (
    SELECT count(*) FILTER (WHERE verification_level = 0) AS level0,
           count(*) FILTER (WHERE verification_level = 1) AS level1,
           count(*) FILTER (WHERE verification_level = 2) AS level2
    FROM users
  ) u
  WHERE c.slot = 0;
END $$;
--> statement-breakpoint
CREATE FUNCTION kolo_reset_user_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE user_counts SET level0 = 0, level1 = 0, level2 = 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_count_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION kolo_reset_user_counts();
--> statement-breakpoint
SELECT kolo_recount_users();
