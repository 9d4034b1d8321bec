// The schedules area's data (issue 20: screens call hooks; this file owns the paths and tables). Scheduled
// messages are replicated for reading (the calendar reads the local `schedules` table) and written over REST
// (POST/PUT/DELETE /schedules, the media upload): core has no push mutation for them, so writing needs a
// connection. A written row is put in the replica at once; the pull brings the same row.
import type { ScheduleDTO, TCreateScheduleRequest, TUpdateScheduleRequest } from "@chatflow/core/contract/schedules.ts";
import { Dexie } from "dexie";
import { useLiveQuery } from "dexie-react-hooks";
import { useCallback } from "react";
import { db } from "../app-db.ts";
import { api } from "../app-services.ts";

/** The schedules sending in [from, to); undefined while reading. */
export function useSchedulesBetween(from: Date, to: Date): ScheduleDTO[] | undefined {
  return useLiveQuery(
    () => db.schedules.where("sendAt").between(from.toISOString(), to.toISOString(), true, false).toArray(),
    [from.getTime(), to.getTime()],
  );
}

/**
 * What the schedule dialog chooses among: the users, the queues, the contacts to pick from (only when
 * `withContacts`), and the chosen contact. One chain of Dexie promises: a native Promise.all would lose the
 * live query's zone (use-contacts-list.ts).
 */
export function useScheduleChoices(withContacts: boolean, chosenContactId: number | null) {
  return useLiveQuery(
    () =>
      Dexie.Promise.all([
        db.users.toArray(),
        db.queues.toArray(),
        withContacts ? db.contacts.toArray() : Dexie.Promise.resolve([]),
        chosenContactId === null ? Dexie.Promise.resolve(undefined) : db.contacts.get(chosenContactId),
      ]).then(([users, queues, contacts, fixed]) => ({ users, queues, contacts, fixed })),
    [withContacts, chosenContactId],
  );
}

/** The REST writes of a schedule; each answers the stored row. */
export function useScheduleWrites() {
  return {
    create: useCallback((body: TCreateScheduleRequest) => api.post<ScheduleDTO>("/schedules", body), []),
    update: useCallback(
      (id: number, changes: TUpdateScheduleRequest) => api.put<ScheduleDTO>(`/schedules/${id}`, changes),
      [],
    ),
    uploadMedia: useCallback((id: number, file: File) => {
      const data = new FormData();
      data.append("file", file, file.name);
      return api.postForm<ScheduleDTO>(`/schedules/${id}/media-upload`, data);
    }, []),
    removeMedia: useCallback((id: number) => api.delete<ScheduleDTO>(`/schedules/${id}/media-upload`), []),
    /** Shows a saved row at once (the pull brings the same row). */
    keep: useCallback(async (saved: ScheduleDTO) => {
      await db.schedules.put(saved);
    }, []),
  };
}

export function useDeleteSchedule() {
  return useCallback(async (id: number) => {
    await api.delete(`/schedules/${id}`);
    await db.schedules.delete(id);
  }, []);
}
