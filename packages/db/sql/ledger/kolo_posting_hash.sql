-- The hash of one posting given the previous hash on its account (docs/ledger-verification.md).
CREATE OR REPLACE FUNCTION kolo_posting_hash(p_previous bytea, p_entry_id bigint, p_account_id integer, p_amount bigint, p_at timestamptz)
RETURNS bytea LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT sha256(p_previous || convert_to(
    p_entry_id::text || '|' || p_account_id::text || '|' || p_amount::text || '|' || floor(extract(epoch FROM p_at) * 1000000)::bigint::text,
    'UTF8'))
$$;
