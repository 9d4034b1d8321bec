// Pages of a list core answers page by page (GET /contacts, /users, /tags: `pageNumber`,
// `hasMore`, `count`), loaded one after another as the list scrolls. A new `key` (another
// search or filter) starts again from page 1; answers to an older key are dropped.
import { useCallback, useEffect, useRef, useState } from "react";

export type Page<T> = { items: T[]; hasMore: boolean; count?: number };

export type Paged<T> = {
  items: T[];
  hasMore: boolean;
  /** Core's total for the key, when it says. */
  count: number | null;
  /** The first page of this key has arrived. */
  loaded: boolean;
  loading: boolean;
  error: unknown;
  loadMore: () => void;
  /** Fetches the pages loaded so far again (after a change made elsewhere), keeping them until the answer. */
  reload: () => void;
};

type State<T> = {
  key: string;
  items: T[];
  pages: number;
  hasMore: boolean;
  count: number | null;
  loaded: boolean;
  loading: boolean;
  error: unknown;
};

const initial = <T>(key: string): State<T> => ({
  key,
  items: [],
  pages: 0,
  hasMore: false,
  count: null,
  loaded: false,
  loading: false,
  error: null,
});

/**
 * `fetchPage(n)` answers page n (1-based). `enabled` false (offline) keeps what was loaded
 * and fetches nothing; turning it on again reloads.
 */
export function usePaged<T>(key: string, enabled: boolean, fetchPage: (page: number) => Promise<Page<T>>): Paged<T> {
  const [state, setState] = useState<State<T>>(() => initial<T>(key));
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;
  const generation = useRef(0);
  const stateRef = useRef(state);
  stateRef.current = state;
  // The latest key and switch: a reload or loadMore called through an older render's callback (an action that
  // was awaiting the network while the search changed) acts on the list shown now, never on the old key.
  const current = useRef({ key, enabled });
  current.current = { key, enabled };

  /** Fetches pages `from`..`to` in order and merges them into the state of `key`. */
  const load = useCallback(async (forKey: string, from: number, to: number, replace: boolean) => {
    const gen = ++generation.current;
    setState((s) => ({ ...(s.key === forKey ? s : initial<T>(forKey)), loading: true, error: null }));
    try {
      const items: T[] = [];
      let last: Page<T> = { items: [], hasMore: false };
      for (let n = from; n <= to; n++) {
        last = await fetchRef.current(n);
        items.push(...last.items);
        if (!last.hasMore) {
          to = n;
          break;
        }
      }
      if (gen !== generation.current) return;
      setState((s) => ({
        key: forKey,
        items: replace ? items : [...s.items, ...items],
        pages: to,
        hasMore: last.hasMore,
        count: last.count ?? null,
        loaded: true,
        loading: false,
        error: null,
      }));
    } catch (error) {
      if (gen !== generation.current) return;
      setState((s) => ({ ...s, loading: false, error }));
    }
  }, []);

  useEffect(() => {
    if (!enabled) {
      // Nothing answers offline: drop any request on its way and keep what is shown.
      generation.current++;
      setState((s) => ({ ...s, loading: false }));
      return;
    }
    void load(key, 1, 1, true);
  }, [key, enabled, load]);

  const loadMore = useCallback(() => {
    const s = stateRef.current;
    const now = current.current;
    if (!now.enabled || s.loading || !s.hasMore || s.key !== now.key) return;
    void load(now.key, s.pages + 1, s.pages + 1, false);
  }, [load]);

  const reload = useCallback(() => {
    const s = stateRef.current;
    const now = current.current;
    if (!now.enabled) return;
    void load(now.key, 1, s.key === now.key ? Math.max(1, s.pages) : 1, true);
  }, [load]);

  const shown = state.key === key ? state : initial<T>(key);
  return { ...shown, loadMore, reload };
}
