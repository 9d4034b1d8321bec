// The settings area's data (issue 20: screens call hooks; this file and use-settings-data.ts own the paths and
// tables): one company setting read over REST (GET /companySettingOne?column=...) for screens that only need to
// know how a feature is set (the queues' hours tab, a connection's rating); the company's hours kept for
// offline; the certificate and the white label's logo uploads.
import type { CompanyAnswer, CompanySchedulesDTO } from "@chatflow/core/contract/companies.ts";
import type { QueueSchedule } from "@chatflow/core/contract/queues.ts";
import type { InstallationStatus, SettingDTO } from "@chatflow/core/contract/settings.ts";
import { useEffect, useMemo, useRef } from "react";
import { keptInCache, useRestQuery } from "../api/use-rest-query.ts";
import { db } from "../app-db.ts";
import { api } from "../app-services.ts";
import { HELPS_CACHE_KEY } from "../helps/helps-presence.ts";
import { readCache, writeCache } from "../store/cache.ts";
import { PLATFORM_CACHE_KEY } from "./use-settings-data.ts";

/** The company's settings named in `columns`, while `online`; a column not answered (yet) is undefined. */
export function useCompanySettings<C extends string>(
  columns: readonly C[],
  online: boolean,
): Partial<Record<C, string>> | undefined {
  const key = online ? columns.join(",") : null;
  const query = useRestQuery<Partial<Record<C, string>>>(key, {
    load: async (joined) => {
      const names = joined.split(",") as C[];
      const answers = await Promise.all(
        names.map((column) =>
          api.get<Record<string, string | undefined>>(`/companySettingOne?column=${column}`).then((r) => r[column]),
        ),
      );
      return Object.fromEntries(names.map((c, i) => [c, answers[i]])) as Partial<Record<C, string>>;
    },
  });
  // An answer that failed leaves the features as they were (the screens fall back to "disabled").
  return useMemo(() => query.data, [query.data]);
}

export const companyHoursCacheKey = (companyId: number) => `settings:company-hours:${companyId}`;

/**
 * The company's service hours: the kept copy at once, then core's (GET /companies/{id}) while online; `show`
 * gets each (undefined when nothing is kept).
 */
export function useCompanyHours(
  companyId: number,
  online: boolean,
  show: (company: Pick<CompanyAnswer, "schedules"> | undefined) => void,
): void {
  const company = useRestQuery<CompanyAnswer>(online ? `/companies/${companyId}` : null, {
    keep: keptInCache(companyHoursCacheKey(companyId)),
  });
  // The caller's setter changes every render; the latest one shows each answer.
  const showRef = useRef(show);
  showRef.current = show;
  const { data, loading } = company;
  useEffect(() => {
    // The kept copy, then core's; undefined once the store has said it keeps nothing.
    if (data !== undefined || !loading) showRef.current(data);
  }, [data, loading]);
}

/** Saves the company's hours (PUT /companies/{id}/schedules) and keeps the answer with the kept company. */
export async function saveCompanyHours(companyId: number, schedules: QueueSchedule[]): Promise<void> {
  const answer = await api.put<CompanySchedulesDTO>(`/companies/${companyId}/schedules`, { schedules });
  const key = companyHoursCacheKey(companyId);
  const kept = (await readCache<CompanyAnswer>(db, key))?.value;
  if (kept) await writeCache(db, key, { ...kept, schedules: answer.schedules });
}

/** Sends a certificate file for a destination (POST /settings/cert-upload); answers core's message. */
export function uploadCertificate(destination: string, form: FormData) {
  return api.postForm<{ message?: string }>(`/settings/cert-upload?ref=${destination}`, form);
}

/** Sends a white label logo (POST /settings-whitelabel/logo); answers the stored file's name. */
export function uploadBrandingLogo(form: FormData) {
  return api.postForm<string>("/settings-whitelabel/logo", form);
}

/** Keeps a platform setting the upload has set already (so the page shows it offline too). */
export async function keepPlatformSetting(key: string, value: string): Promise<void> {
  const kept = (await readCache<SettingDTO[]>(db, PLATFORM_CACHE_KEY))?.value ?? [];
  await writeCache(db, PLATFORM_CACHE_KEY, [...kept.filter((s) => s.key !== key), { key, value }]);
}

/** The plans the super user edits (use-record-editor.ts): kept under this key, listed and written at these paths. */
export const PLANS_RECORDS = { cacheKey: "settings:plans", listPath: "/plans/all", path: "/plans" } as const;

/** The help videos the super user edits: the list kept for the menu (helps-presence.ts) and its paths. */
export const HELPS_RECORDS = { cacheKey: HELPS_CACHE_KEY, listPath: "/helps/list", path: "/helps" } as const;

/**
 * What the installation's environment leaves out (mail, PUBLIC_URL; decision 0104), for the super user's settings:
 * the kept copy offline, core's (GET /settings/installation) while online.
 */
export function useInstallationStatus(enabled: boolean, online: boolean): InstallationStatus | undefined {
  return useRestQuery<InstallationStatus>(enabled && online ? "/settings/installation" : null, {
    keep: keptInCache("settings:installation"),
  }).data;
}
