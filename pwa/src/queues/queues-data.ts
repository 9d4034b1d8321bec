// The queues area's data (issue 20: screens call hooks; this file owns the paths and tables). Queues are
// admin REST (GET/POST/PUT/DELETE /queue, /chatbot for the options tree); the replica's copy of the queues
// (a reference list every screen reads) shows the table offline and cues a reload when another admin edits.
import type { ChatbotAnswer } from "@chatflow/core/contract/chatbots.ts";
import type { QueueDTO } from "@chatflow/core/contract/entities.ts";
import type { QueueAnswer, QueueWithChatbots } from "@chatflow/core/contract/queues.ts";
import { useLiveQuery } from "dexie-react-hooks";
import { useCallback, useEffect, useRef } from "react";
import { useRestQuery } from "../api/use-rest-query.ts";
import { db } from "../app-db.ts";
import { api } from "../app-services.ts";
import { errorText } from "../i18n/translate-error.ts";
import { showToast } from "../ui/toasts.ts";
import { type OptionForm, saveOption } from "./option-form.ts";
import { type QueueForm, saveQueue } from "./queue-form.ts";

/** The replica's queues (every signed-in user's reference list); undefined while the store opens. */
export function useReplicaQueues(): QueueDTO[] | undefined {
  return useLiveQuery(() => db.queues.toArray(), []);
}

/** The replica's queues by name (selects). */
export function useQueuesByName(): QueueDTO[] {
  return useLiveQuery(async () => (await db.queues.toArray()).sort((a, b) => a.name.localeCompare(b.name)), []) ?? [];
}

/** The replica's queues in id order, [] until the store opens. */
export function useQueuesById(): QueueDTO[] {
  return useLiveQuery(() => db.queues.orderBy("id").toArray(), [], []);
}

/** One queue of the replica; null for no id or none found, undefined while reading. */
export function useReplicaQueue(id: number | null): QueueDTO | null | undefined {
  return useLiveQuery(async () => (id === null ? null : ((await db.queues.get(id)) ?? null)), [id]);
}

/**
 * The queues table: core's full rows when online, asked again whenever the replica's queues change (another
 * admin's edit); `replica` is the copy shown offline.
 */
export function useQueueTable(online: boolean) {
  const replica = useReplicaQueues();
  const server = useRestQuery<QueueAnswer[]>(online ? "/queue" : null);
  // The replica's rows change when any admin changes a queue: a cue to ask core again.
  const stamp = replica?.map((q) => `${q.id}:${q.name}:${q.color}`).join("|");
  const seen = useRef<string | undefined>(undefined);
  const { reload } = server;
  useEffect(() => {
    if (stamp === undefined) return;
    if (seen.current !== undefined && seen.current !== stamp) void reload();
    seen.current = stamp;
  }, [stamp, reload]);
  return { replica, server: server.data ?? null, loadError: server.error !== null, reload };
}

/** A queue with its options tree (GET /queue/{id}); a failed read says why in a toast. */
export function useQueueChatbots(queueId: number | null, online: boolean) {
  const query = useRestQuery<QueueWithChatbots>(queueId !== null && online ? `/queue/${queueId}` : null);
  useEffect(() => {
    if (query.error) showToast(errorText(query.error));
  }, [query.error]);
  return { chatbots: query.data?.chatbots ?? ([] as ChatbotAnswer[]), reload: query.reload };
}

export function useSaveQueue() {
  return useCallback(
    (form: QueueForm, existing: { id: number } | null, withHours: boolean) => saveQueue(api, form, existing, withHours),
    [],
  );
}

export function useDeleteQueue() {
  return useCallback(async (id: number) => {
    await api.delete(`/queue/${id}`);
  }, []);
}

export function useSaveQueueOption() {
  return useCallback(
    (form: OptionForm, target: { existing: ChatbotAnswer } | { queueId: number } | { chatbotId: number }) =>
      saveOption(api, form, target),
    [],
  );
}

export function useDeleteQueueOption() {
  return useCallback(async (id: number) => {
    await api.delete(`/chatbot/${id}`);
  }, []);
}
