// The one loader for core's non-paged REST reads (paged lists use `usePaged`, beside this file).
//
// How the PWA loads and changes data (issue 20): a screen or dialog calls its area's hooks only
// (`pwa/src/<area>/<area>-data.ts`: `useQueues()`, `useSaveQueue()`, `useContact(id)`...). Those hooks own
// the REST paths, the Dexie reads (`useLiveQuery` over `db.<table>`) and the outbox writes of their area, so
// a screen never holds a URL or a table name, and each kind of record is written one way (replicated rows
// through the outbox, admin records over REST). Pure helpers that need a path live in the same data file.
//
// This hook: `useRestQuery<T>(path)` answers `{ data, error, loading, reload }`. A null path (offline, or
// nothing chosen yet) fetches nothing and keeps what was shown; a new path starts empty; an answer for an
// older path or an older reload is dropped; `list` reloads when the realtime poke says that list changed
// (spec 2 §4 live updates, `useListChanged`). With `keep`, the copy the local store kept is shown at once and
// offline (the screen reads offline what it last loaded), until core answers; each answer is kept again.
import type { ListName } from "@chatflow/core/contract/sync.ts";
import { useCallback, useEffect, useRef, useState } from "react";
import { db } from "../app-db.ts";
import { api } from "../app-services.ts";
import { readCache, writeCache } from "../store/cache.ts";
import { useListChanged } from "../sync/use-list-changed.ts";

export type RestQuery<T> = {
  /** The last answer for this path; undefined until the first one arrives. */
  data: T | undefined;
  /** The last failure, cleared by the next answer (what was shown before stays in `data`). */
  error: unknown;
  loading: boolean;
  /** Asks core again, keeping `data` until the answer; settles when it is shown (or dropped). */
  reload: () => Promise<void>;
  /** Changes the shown answer locally (after a write whose result is known), without asking core. */
  setData: (update: (data: T | undefined) => T | undefined) => void;
};

export type RestQueryOptions<T> = {
  /** Reload when this admin list changes elsewhere (another admin, another tab). */
  list?: ListName;
  /** How to read `path`; core's GET by default. Several calls in one answer, or a fake in tests. */
  load?: (path: string) => Promise<T>;
  /** A copy kept in the local store (answers are in memory only otherwise): shown until core answers, and offline. */
  keep?: KeptCopy<T>;
};

/** Where a screen keeps its last answer for offline reading (`keptInCache` for the cache table). */
export type KeptCopy<T> = {
  /** Names the copy: another key is read again (the copy is read once per key, not per render). */
  key: string;
  read: () => Promise<T | undefined>;
  write: (data: T) => Promise<void>;
};

/** The copy kept under `key` in the cache table (the REST answers the sync does not replicate). */
export function keptInCache<T>(key: string): KeptCopy<T> {
  return {
    key,
    read: async () => (await readCache<T>(db, key))?.value,
    write: (data) => writeCache(db, key, data),
  };
}

type State<T> = { path: string | null; data: T | undefined; error: unknown; loading: boolean };
/** The kept copy as read (or last written) for a key; `read` is false until the store has answered. */
type Kept<T> = { key: string | null; data: T | undefined; read: boolean };

export function useRestQuery<T>(path: string | null, options: RestQueryOptions<T> = {}): RestQuery<T> {
  const [state, setState] = useState<State<T>>({ path, data: undefined, error: null, loading: path !== null });
  const loadRef = useRef(options.load);
  loadRef.current = options.load;
  const keepRef = useRef(options.keep);
  keepRef.current = options.keep;
  const keepKey = options.keep?.key ?? null;
  const [kept, setKept] = useState<Kept<T>>({ key: keepKey, data: undefined, read: keepKey === null });
  const keptRef = useRef(kept);
  keptRef.current = kept;
  const generation = useRef(0);
  const pathRef = useRef(path);
  pathRef.current = path;

  const fetchPath = useCallback(async (forPath: string) => {
    const gen = ++generation.current;
    // A new path starts empty; the same one keeps its answer while asking again.
    setState((s) => ({ ...(s.path === forPath ? s : { data: undefined }), path: forPath, error: null, loading: true }));
    // The copy this answer belongs to, even if the key changes while core answers.
    const keep = keepRef.current;
    try {
      const read = loadRef.current ?? ((p: string) => api.get<T>(p));
      const data = await read(forPath);
      if (gen !== generation.current) return;
      setState({ path: forPath, data, error: null, loading: false });
      if (keep) {
        setKept((k) => (k.key === keep.key ? { key: keep.key, data, read: true } : k));
        // The answer is shown already; a store that refuses it (quota) only loses the offline copy.
        void keep.write(data).catch(() => undefined);
      }
    } catch (error) {
      if (gen !== generation.current) return;
      setState((s) => ({ ...s, error, loading: false }));
    }
  }, []);

  useEffect(() => {
    const keep = keepRef.current;
    if (keepKey === null || !keep) return;
    let live = true;
    setKept((k) => (k.key === keepKey ? k : { key: keepKey, data: undefined, read: false }));
    const settle = (data: T | undefined) => {
      // Core's answer, if it came first, is newer than the store's copy.
      if (live) setKept((k) => (k.key !== keepKey || k.read ? k : { key: keepKey, data, read: true }));
    };
    keep.read().then(settle, () => settle(undefined));
    return () => {
      live = false;
    };
  }, [keepKey]);

  useEffect(() => {
    if (path === null) {
      // Nothing answers offline: drop any request on its way and keep what is shown.
      generation.current++;
      setState((s) => (s.loading ? { ...s, loading: false } : s));
      return;
    }
    void fetchPath(path);
  }, [path, fetchPath]);

  const reload = useCallback(async () => {
    const now = pathRef.current;
    if (now !== null) await fetchPath(now);
  }, [fetchPath]);

  const setData = useCallback((update: (data: T | undefined) => T | undefined) => {
    setState((s) => ({ ...s, data: update(s.data ?? keptRef.current.data) }));
  }, []);

  useListChanged(db, options.list ?? null, () => void reload());

  // Until the effect runs for a new path, show it as loading and empty rather than the old path's answer.
  const shown: State<T> =
    path === null || state.path === path ? state : { path, data: undefined, error: null, loading: true };
  // Without an answer for this path (yet, offline, or failed), the kept copy; reading it counts as loading.
  const copy =
    keepKey === null ? { data: undefined, read: true } : kept.key === keepKey ? kept : { data: undefined, read: false };
  const data = shown.data ?? copy.data;
  const loading = shown.loading || (data === undefined && !copy.read);
  return { data, error: shown.error, loading, reload, setData };
}
