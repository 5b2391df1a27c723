-- Reverses a completed entry: a new entry with the opposite postings, linked to the original
-- (journal_entries.reverses_entry_id, unique) and to the same transaction record. Idempotent.
CREATE OR REPLACE FUNCTION kolo_reverse_entry(p_entry_id bigint, p_description text, OUT entry_id bigint, OUT created boolean)
LANGUAGE plpgsql AS $$
DECLARE
  v_ids integer[];
  v_amounts bigint[];
  v_transaction_id integer;
BEGIN
  SELECT array_agg(p.account_id ORDER BY p.account_id), array_agg(-p.amount ORDER BY p.account_id)
  INTO v_ids, v_amounts FROM postings AS p WHERE p.journal_entry_id = p_entry_id;
  IF v_ids IS NULL THEN
    RAISE EXCEPTION 'Unknown journal entry %', p_entry_id USING ERRCODE = 'KL009';
  END IF;
  SELECT je.transaction_id INTO v_transaction_id FROM journal_entries AS je WHERE je.id = p_entry_id;
  SELECT e.entry_id, e.created INTO entry_id, created
  FROM kolo_post_entry('reverse:' || p_entry_id, 'reversal', p_description, v_ids, v_amounts, v_transaction_id, p_entry_id) AS e;
END;
$$;
