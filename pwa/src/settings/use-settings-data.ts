// The settings page's data: the company's settings (GET /companySettings/{id}) and, for the super user, the
// platform's (GET /settings), kept in the cache table so the page reads what it last loaded when offline.
// A change is sent at once (PUT /companySettings, PUT /settings/{key}); while it travels its key is
// 'updating', and its answer replaces the kept value.
import type { SettingDTO } from "@chatflow/core/contract/settings.ts";
import { useLiveQuery } from "dexie-react-hooks";
import { getDefaultStore } from "jotai";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { db } from "../app-db.ts";
import { api } from "../app-services.ts";
import { sessionAtom } from "../auth/session-state.ts";
import { errorText } from "../i18n/translate-error.ts";
import { useOnline } from "../layout/use-online.ts";
import { readCache, refreshCache, writeCache } from "../store/cache.ts";
import { showToast } from "../ui/toasts.ts";

export type Settings = Record<string, string>;

export const companyCacheKey = (companyId: number) => `settings:company:${companyId}`;
export const PLATFORM_CACHE_KEY = "settings:platform";

/** `path`'s answer kept under `key`, fetched when online and `enabled`. */
function useKept<T>(key: string, path: string, enabled: boolean): { value: T | undefined; failed: boolean } {
  const online = useOnline();
  const row = useLiveQuery(async () => (await db.cache.get(key)) ?? null, [key]);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!online || !enabled) return;
    refreshCache<T>(db, api, key, path).then(
      () => setFailed(false),
      () => setFailed(true),
    );
  }, [online, enabled, key, path]);
  return { value: row ? (row.value as T) : undefined, failed };
}

/** The session's copy of the company settings (other screens read it) follows a change made here. */
function followInSession(column: string, value: string): void {
  const store = getDefaultStore();
  const session = store.get(sessionAtom);
  if (session.status !== "authenticated" || !session.user.company) return;
  const company = session.user.company;
  store.set(sessionAtom, {
    ...session,
    user: {
      ...session.user,
      company: { ...company, companieSettings: { ...company.companieSettings, [column]: value } },
    },
  });
}

export type SettingsData = {
  company: Settings | undefined;
  platform: Settings | undefined;
  /** Nothing kept and nothing could be fetched. */
  failed: boolean;
  updating: ReadonlySet<string>;
  saveCompany: (column: string, value: string) => Promise<boolean>;
  savePlatform: (key: string, value: string) => Promise<boolean>;
};

export function useSettingsData(companyId: number, isSuper: boolean): SettingsData {
  const { t } = useTranslation();
  const company = useKept<Settings>(companyCacheKey(companyId), `/companySettings/${companyId}`, true);
  const platformList = useKept<SettingDTO[]>(PLATFORM_CACHE_KEY, "/settings", isSuper);
  const [updating, setUpdating] = useState<ReadonlySet<string>>(new Set());

  const run = useCallback(
    async (id: string, send: () => Promise<void>): Promise<boolean> => {
      setUpdating((s) => new Set(s).add(id));
      try {
        await send();
        showToast(t("settingsPage.toasts.updated"), "info");
        return true;
      } catch (err) {
        showToast(errorText(err));
        return false;
      } finally {
        setUpdating((s) => {
          const next = new Set(s);
          next.delete(id);
          return next;
        });
      }
    },
    [t],
  );

  const saveCompany = useCallback(
    (column: string, value: string) =>
      run(column, async () => {
        const answer = await api.put<Settings>("/companySettings", { column, data: value });
        const key = companyCacheKey(companyId);
        const kept = (await readCache<Settings>(db, key))?.value ?? {};
        await writeCache(db, key, { ...kept, ...answer });
        followInSession(column, answer[column] ?? value);
      }),
    [run, companyId],
  );

  const savePlatform = useCallback(
    (key: string, value: string) =>
      run(`platform:${key}`, async () => {
        const answer = await api.put<SettingDTO>(`/settings/${encodeURIComponent(key)}`, { value });
        const kept = (await readCache<SettingDTO[]>(db, PLATFORM_CACHE_KEY))?.value ?? [];
        await writeCache(db, PLATFORM_CACHE_KEY, [...kept.filter((s) => s.key !== key), answer]);
      }),
    [run],
  );

  const platform = platformList.value ? Object.fromEntries(platformList.value.map((s) => [s.key, s.value])) : undefined;
  return {
    company: company.value,
    platform,
    failed: (company.value === undefined && company.failed) || (isSuper && !platformList.value && platformList.failed),
    updating,
    saveCompany,
    savePlatform,
  };
}
