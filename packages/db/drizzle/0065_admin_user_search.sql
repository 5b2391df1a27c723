CREATE TABLE "user_search_dictionary" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_search_words" (
	"word" text NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "user_search_words_word_user_id_pk" PRIMARY KEY("word","user_id")
);
--> statement-breakpoint
CREATE INDEX "user_search_dictionary_trgm_idx" ON "user_search_dictionary" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
-- The admin user search's words (docs/performance.md "Admin search by a common name"). The text a
-- search reads: the lower-cased name and the e-mail (stored lower-cased), joined by U+001F so no
-- word spans the two.
CREATE FUNCTION kolo_user_search_text(p_name text, p_email text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT lower(p_name) || chr(31) || p_email $$;
--> statement-breakpoint
-- Its words, sorted and distinct: maximal runs of digits, and maximal runs of characters that are
-- neither digits nor ASCII controls, spaces or punctuation. Every character is of one kind, so a
-- search that is one word of a single kind occurs in a text only inside one of its words.
CREATE FUNCTION kolo_user_search_words(p_text text) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT m[1] ORDER BY m[1]), '{}')
  FROM regexp_matches(p_text, '([0-9]+|[^0-9\x01-\x2f\x3a-\x40\x5b-\x60\x7b-\x7f]+)', 'g') AS m
$$;
--> statement-breakpoint
-- Keeps a user's words with their name and e-mail; new words enter the dictionary (in sorted
-- order, so two sign-ups never wait on each other's words in opposite orders).
CREATE FUNCTION kolo_index_user_search() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_old text[] := '{}';
  v_new text[] := '{}';
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN v_old := kolo_user_search_words(kolo_user_search_text(OLD.name, OLD.email)); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN v_new := kolo_user_search_words(kolo_user_search_text(NEW.name, NEW.email)); END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    DELETE FROM user_search_words WHERE user_id = OLD.id AND word = ANY (v_old) AND word <> ALL (v_new);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO user_search_dictionary (word) SELECT unnest(v_new) ON CONFLICT DO NOTHING;
    INSERT INTO user_search_words (word, user_id) SELECT unnest(v_new), NEW.id ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_search_words AFTER INSERT OR DELETE OR UPDATE OF name, email ON users
  FOR EACH ROW EXECUTE FUNCTION kolo_index_user_search();
--> statement-breakpoint
CREATE FUNCTION kolo_clear_user_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE user_search_words, user_search_dictionary;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_search_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION kolo_clear_user_search();
--> statement-breakpoint
-- Rebuilds the words from the table, writers kept out meanwhile: the backfill below, and a bulk
-- load that ran with the triggers off (session_replication_role = replica). Sorted, so the
-- primary key's entries are appended in order.
CREATE FUNCTION kolo_rebuild_user_search() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE users IN SHARE MODE;
  TRUNCATE user_search_words, user_search_dictionary;
  INSERT INTO user_search_words (word, user_id)
    SELECT w, u.id FROM users u, unnest(kolo_user_search_words(kolo_user_search_text(u.name, u.email))) AS w ORDER BY 1, 2;
  INSERT INTO user_search_dictionary (word) SELECT DISTINCT word FROM user_search_words ORDER BY 1;
END $$;
--> statement-breakpoint
SELECT kolo_rebuild_user_search();
