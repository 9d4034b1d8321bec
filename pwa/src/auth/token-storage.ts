// Where the access token lives. With "remember me" it is kept in localStorage
// (survives closing the browser, spec 1 §9); without, in sessionStorage (gone
// with the tab's session, still there after a reload, so offline reload works).
const KEY = "token";

export type TokenStorage = {
  get(): string | null;
  /** `remember` undefined keeps the token where the current one is (a refresh). */
  set(token: string, remember?: boolean): void;
  clear(): void;
};

export function createTokenStorage(persistent: Storage, perTab: Storage): TokenStorage {
  return {
    get: () => persistent.getItem(KEY) ?? perTab.getItem(KEY),
    set(token, remember) {
      const keep = remember ?? perTab.getItem(KEY) === null;
      (keep ? persistent : perTab).setItem(KEY, token);
      (keep ? perTab : persistent).removeItem(KEY);
    },
    clear() {
      persistent.removeItem(KEY);
      perTab.removeItem(KEY);
    },
  };
}

/** A Storage kept in memory, for tests and for browsers that refuse storage. */
export function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => {
      map.delete(k);
    },
    setItem: (k, v) => {
      map.set(k, String(v));
    },
  };
}
