// The audit area's data (decision 0108; screens call hooks, this file owns the paths): GET /audit over REST while
// online (an online-only admin screen), the users of the filter from the replica, the CSV from GET /audit/export.
import type { AuditListAnswer, AuditRetentionAnswer } from "@chatflow/core/contract/audit.ts";
import { fetchFile, saveFile } from "../api/download-file.ts";
import { useAskAgain } from "../api/use-ask-again.ts";
import { useRestQuery } from "../api/use-rest-query.ts";
import { api, tokens } from "../app-services.ts";
import { useOnline } from "../layout/use-online.ts";
import { useReplicaUsers } from "../users/users-data.ts";
import { type AuditFilters, auditQuery } from "./audit-model.ts";

export type AppliedAudit = { filters: AuditFilters; page: number; nonce: number };

/** One page of entries for the applied filters; asked again when Filtrar is pressed for the same ones. */
export function useAuditEntries(applied: AppliedAudit) {
  const online = useOnline();
  const query = auditQuery(applied.filters, applied.page);
  const list = useRestQuery<AuditListAnswer>(online ? `/audit?${query}` : null);
  useAskAgain(query, applied.nonce, list.reload);
  return { data: list.data, loading: list.loading, failed: list.error != null, online };
}

/** The company's users, for the user filter. */
export function useAuditUsers() {
  return useReplicaUsers() ?? [];
}

/** Downloads the filtered entries as auditoria.csv (one token refresh when it expired). */
export async function exportAuditCsv(filters: AuditFilters): Promise<void> {
  const query = auditQuery(filters);
  const deps = { baseUrl: window.location.origin, getToken: () => tokens.get(), renew: () => api.get("/auth/me") };
  saveFile(await fetchFile(deps, `/audit/export${query ? `?${query}` : ""}`), "auditoria.csv");
}

/** The company's retention (GET /audit/retention) and the installation's, while online. */
export function useAuditRetention() {
  const online = useOnline();
  const q = useRestQuery<AuditRetentionAnswer>(online ? "/audit/retention" : null);
  return { data: q.data, reload: q.reload };
}

/** PUT /audit/retention: days, or null for the installation's. */
export function saveAuditRetention(days: number | null): Promise<AuditRetentionAnswer> {
  return api.put<AuditRetentionAnswer>("/audit/retention", { days });
}

/** The super user's company filter: every company of the platform (GET /companies/list); none for others. */
export function useAuditCompanies(platform: boolean): { id: number; name: string }[] {
  const online = useOnline();
  const q = useRestQuery<{ id: number; name: string }[]>(platform && online ? "/companies/list" : null);
  return q.data ?? [];
}
