// The companies area's data (issue 20: screens call hooks; this file owns the paths and tables). Companies
// are the super user's admin REST (/companiesPlan page by page, POST/PUT/DELETE /companies, a company's
// users); the first page and the plans are kept in the REST cache so the screen shows them offline.
import type { CompaniesPage, CompanyAdminDTO, CompanyUsersDTO } from "@chatflow/core/contract/companies.ts";
import type { PlanDTO } from "@chatflow/core/contract/plans.ts";
import { useCallback, useEffect, useState } from "react";
import { usePaged } from "../api/use-paged.ts";
import { keptInCache, useRestQuery } from "../api/use-rest-query.ts";
import { db } from "../app-db.ts";
import { api } from "../app-services.ts";
import { errorText } from "../i18n/translate-error.ts";
import { readCache, writeCache } from "../store/cache.ts";
import { useListChanged } from "../sync/use-list-changed.ts";
import { showToast } from "../ui/toasts.ts";

const FIRST_PAGE_KEY = "companies:firstPage";
const PLANS_KEY = "settings:plans";
/** One empty list while the plans are unknown, so the form's items keep their identity across renders. */
const NO_PLANS: PlanDTO[] = [];

/**
 * The companies matching `search` page by page while online (the first page without search kept), reloaded on
 * another super user's change; `kept` is the kept first page, `plans` the plans (kept, refreshed online).
 */
export function useCompanyPages(search: string, online: boolean) {
  const server = usePaged<CompanyAdminDTO>(search, online, async (page) => {
    const q = new URLSearchParams({ pageNumber: String(page) });
    if (search) q.set("searchParam", search);
    const res = await api.get<CompaniesPage>(`/companiesPlan/?${q}`);
    if (page === 1 && !search) await writeCache(db, FIRST_PAGE_KEY, res.companies);
    return { items: res.companies, hasMore: res.hasMore, count: res.count };
  });
  // Another super user's (or tab's) change (spec 3 §4 live updates, decision 0063).
  useListChanged(db, "companies", server.reload);
  // The kept first page (written by the paged loader above, which merges pages and keeps nothing itself), read
  // again on each change of connection so going offline shows the freshest one.
  const [kept, setKept] = useState<CompanyAdminDTO[] | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: online reads the kept page again (see above)
  useEffect(() => {
    void readCache<CompanyAdminDTO[]>(db, FIRST_PAGE_KEY).then((c) => setKept(c?.value ?? null));
  }, [online]);
  const plans =
    useRestQuery<PlanDTO[]>(online ? "/plans/all" : null, { keep: keptInCache(PLANS_KEY) }).data ?? NO_PLANS;
  return { server, kept, plans };
}

export function useSaveCompany() {
  return useCallback(
    (id: number | null, body: unknown) =>
      id === null ? api.post<CompanyAdminDTO>("/companies", body) : api.put<CompanyAdminDTO>(`/companies/${id}`, body),
    [],
  );
}

export function useDeleteCompany() {
  return useCallback(async (id: number) => {
    await api.delete(`/companies/${id}`);
  }, []);
}

/**
 * A company's users while online (a failed read says why); `add` creates one, `update` edits one and `remove` deletes
 * one, each reading them again after.
 */
export function useCompanyUsers(companyId: number, online: boolean) {
  const query = useRestQuery<CompanyUsersDTO>(online ? `/companies/${companyId}/users` : null);
  useEffect(() => {
    if (query.error) showToast(errorText(query.error));
  }, [query.error]);
  const { reload } = query;
  const add = useCallback(
    async (user: unknown) => {
      await api.post(`/companies/${companyId}/users`, user);
      await reload();
    },
    [companyId, reload],
  );
  const update = useCallback(
    async (userId: number, user: unknown) => {
      await api.put(`/companies/${companyId}/users/${userId}`, user);
      await reload();
    },
    [companyId, reload],
  );
  const remove = useCallback(
    async (userId: number) => {
      await api.delete(`/companies/${companyId}/users/${userId}`);
      await reload();
    },
    [companyId, reload],
  );
  return { data: query.data ?? null, add, update, remove };
}
