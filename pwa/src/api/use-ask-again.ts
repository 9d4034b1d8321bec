// A filter form's "Filtrar" pressed again for the filters already shown asks the server again; other filters make
// another path, which the query hook asks already (the reports and the audit log).
import { useEffect, useRef } from "react";

/** Calls `reload` when `nonce` changes while `query` stays the same. */
export function useAskAgain(query: string, nonce: number, reload: () => unknown): void {
  const asked = useRef({ query, nonce });
  useEffect(() => {
    const before = asked.current;
    asked.current = { query, nonce };
    if (before.nonce !== nonce && before.query === query) void reload();
  }, [query, nonce, reload]);
}
