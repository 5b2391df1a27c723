-- Session events (docs/product.md "Live updates"): when a session ends (sign-out, sign-out of all
-- devices, suspension, lock, password reset, expiry) or a user's role or status changes, the
-- database writes a `session` event in the same transaction, so no path can skip one; every
-- server hears it on `kolo_events` and closes the streams it concerns. Sent to no client.
CREATE FUNCTION kolo_event_session_ended() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A user deleted with their sessions has no events left to write.
  IF EXISTS (SELECT 1 FROM users WHERE id = OLD.user_id) THEN
    INSERT INTO events (user_id, kind, data) VALUES (OLD.user_id, 'session', jsonb_build_object('session', OLD.id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_ended_event AFTER DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION kolo_event_session_ended();
--> statement-breakpoint
CREATE FUNCTION kolo_event_user_access() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.role IS DISTINCT FROM OLD.role OR (NEW.status IS DISTINCT FROM OLD.status AND NEW.status <> 'active') THEN
    INSERT INTO events (user_id, kind, data) VALUES (NEW.id, 'session', jsonb_build_object('role', NEW.role, 'status', NEW.status));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_access_event AFTER UPDATE OF role, status ON users FOR EACH ROW EXECUTE FUNCTION kolo_event_user_access();
