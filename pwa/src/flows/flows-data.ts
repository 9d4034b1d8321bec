// The flows area's data (issue 20: screens call hooks; this file owns the paths). Flows are admin REST
// (/flowbuilder: the list, create, rename, duplicate, delete, the published snapshot, the nodes' media); the
// drawing itself is a Yjs document (use-flow-doc.ts) whose socket authenticates with flowSocketAuth.
import type {
  FlowDTO,
  FlowListDTO,
  FlowMediaKind,
  FlowWithSnapshotDTO,
  TSaveFlowRequest,
} from "@chatflow/core/contract/flows.ts";
import { useCallback, useEffect, useState } from "react";
import { ApiError } from "../api/errors.ts";
import { usePaged } from "../api/use-paged.ts";
import { useRestQuery } from "../api/use-rest-query.ts";
import { api, tokens } from "../app-services.ts";
import { checkSessionOver } from "../sync/realtime-socket.ts";
import { type FlowChoice, loadFlowChoices } from "./flow-choices.ts";

export type { FlowChoice };

/** The company's flows for a select; `flows` is null until read, `failed` when the read failed. */
export function useFlowChoices(enabled: boolean): { flows: FlowChoice[] | null; failed: boolean } {
  const query = useRestQuery<FlowChoice[]>(enabled ? "/flowbuilder" : null, { load: () => loadFlowChoices(api) });
  return { flows: query.data ?? null, failed: query.error !== null };
}

/** The flows matching `search`, page by page while online (GET /flowbuilder). */
export function useFlowPages(search: string, online: boolean) {
  return usePaged<FlowDTO>(search, online, async (page) => {
    const q = new URLSearchParams({ pageNumber: String(page) });
    if (search) q.set("searchParam", search);
    const res = await api.get<FlowListDTO>(`/flowbuilder?${q}`);
    return { items: res.flows, hasMore: res.hasMore };
  });
}

export function useDuplicateFlow() {
  return useCallback(async (id: number) => {
    await api.post("/flowbuilder/duplicate", { flowId: id });
  }, []);
}

export function useDeleteFlow() {
  return useCallback(async (id: number) => {
    await api.delete(`/flowbuilder/${id}`);
  }, []);
}

/** Creates a flow by name, or renames (and switches on or off) an existing one. */
export function useSaveFlowName() {
  return useCallback(
    (existing: FlowDTO | null, name: string, active: boolean) =>
      existing
        ? api.put<FlowDTO>("/flowbuilder", { flowId: existing.id, name, active })
        : api.post<FlowDTO>("/flowbuilder", { name }),
    [],
  );
}

/**
 * A flow's name and published snapshot while online (GET /flowbuilder/flow/{id}); `missing` turns on, and stays
 * on, when core answers 404 (deleted here or by another admin). `setMeta` shows a publish's answer, `reloadMeta`
 * reads it again (a publish made elsewhere, decision 0107).
 */
export function useFlowMeta(flowId: number, online: boolean) {
  const query = useRestQuery<{ flow: FlowWithSnapshotDTO }>(online ? `/flowbuilder/flow/${flowId}` : null);
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    if (query.error instanceof ApiError && query.error.status === 404) setMissing(true);
  }, [query.error]);
  const { setData } = query;
  const setMeta = useCallback((flow: FlowWithSnapshotDTO) => setData(() => ({ flow })), [setData]);
  return { meta: query.data?.flow ?? null, missing, setMeta, reloadMeta: query.reload };
}

/** Publishes the validated snapshot the runtime runs (POST /flowbuilder/flow). */
export function usePublishFlow() {
  return useCallback(
    async (body: TSaveFlowRequest) => (await api.post<{ flow: FlowWithSnapshotDTO }>("/flowbuilder/flow", body)).flow,
    [],
  );
}

/** The session's token for the sync server, and its renewal when the server says it is over. */
export const flowSocketAuth = { token: () => tokens.get() ?? "", renew: checkSessionOver(api) };

/** Uploads one media file of a node (POST /flowbuilder/img or /audio; the video dialog posts to audio). */
export async function uploadFlowMedia(
  kind: FlowMediaKind,
  picked: File,
  file: File,
): Promise<{ url: string; original: string }> {
  const form = new FormData();
  form.append("fromMe", "true");
  form.append("medias", file, file.name);
  const res = await api.postForm<{ name: string }>(kind === "img" ? "/flowbuilder/img" : "/flowbuilder/audio", form);
  return { url: res.name, original: picked.name };
}
