import { useDebouncedValue } from "@mantine/hooks";
import { useEffect, useRef, useState } from "react";

/**
 * The text of a search box whose committed value lives in the URL: typing updates `text` at once;
 * `commit` runs with the trimmed text once typing has paused for `delayMs` and it differs from
 * `committed` (the admin console's searches and History's, 500 ms: docs/product.md#admin-console).
 */
export function useDebouncedSearch(committed: string, commit: (text: string) => void, delayMs: number): [string, (text: string) => void] {
  const [text, setText] = useState(committed);
  const [debounced] = useDebouncedValue(text, delayMs);
  const latest = useRef(commit);
  latest.current = commit;
  useEffect(() => {
    if (debounced.trim() !== committed) latest.current(debounced.trim());
  }, [debounced, committed]);
  return [text, setText];
}
