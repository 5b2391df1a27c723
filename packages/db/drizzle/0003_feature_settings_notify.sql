-- Every change to the feature switches is announced on the channel kolo_feature_settings, so each
-- server's in-process switch cache (FeatureSwitchCache in queries/features.ts) drops itself.
CREATE FUNCTION kolo_notify_feature_settings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('kolo_feature_settings', '');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER feature_settings_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON feature_settings
FOR EACH STATEMENT EXECUTE FUNCTION kolo_notify_feature_settings();
