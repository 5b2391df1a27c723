-- Writes a journal entry and applies its postings (kolo_apply_postings), once per idempotency key:
-- a repeat of the key posts nothing and answers the first entry's id with created = false.
CREATE OR REPLACE FUNCTION kolo_post_entry(
  p_idempotency_key text,
  p_kind text,
  p_description text,
  p_account_ids integer[],
  p_amounts bigint[],
  p_transaction_id integer DEFAULT NULL,
  p_reverses_entry_id bigint DEFAULT NULL,
  OUT entry_id bigint,
  OUT created boolean
) LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO journal_entries (idempotency_key, kind, description, transaction_id, reverses_entry_id)
  VALUES (p_idempotency_key, p_kind, p_description, p_transaction_id, p_reverses_entry_id)
  ON CONFLICT (idempotency_key) DO NOTHING
  RETURNING id INTO entry_id;
  IF entry_id IS NULL THEN
    SELECT je.id INTO entry_id FROM journal_entries AS je WHERE je.idempotency_key = p_idempotency_key;
    created := false;
    RETURN;
  END IF;
  created := true;
  PERFORM kolo_apply_postings(entry_id, p_account_ids, p_amounts);
END;
$$;
