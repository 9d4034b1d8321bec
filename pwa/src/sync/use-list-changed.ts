// An admin list read over REST (files, tags, integrations, prompts) changed elsewhere: another admin, another
// tab, the server. The pull stamps the list in the replica's meta table (sync/pull.ts, decision 0063), which
// every tab observes, and the screen showing the list asks core again (spec 2 §4 live updates).
import type { ListName } from "@chatflow/core/contract/sync.ts";
import { useLiveQuery } from "dexie-react-hooks";
import { useEffect, useRef } from "react";
import type { ChatflowDb } from "../store/db.ts";
import { getMeta } from "../store/meta.ts";

/**
 * Calls `reload` each time `list`'s stamp moves after the screen opened (not for the stamp found on opening).
 * A null list watches nothing (a loader that serves no admin list calls the hook all the same).
 */
export function useListChanged(db: ChatflowDb, list: ListName | null, reload: () => void): void {
  const stamp = useLiveQuery(
    async () => (list === null ? "" : ((await getMeta(db, "listStamps"))?.[list] ?? "")),
    [db, list],
  );
  const seen = useRef<string | undefined>(undefined);
  const reloadRef = useRef(reload);
  reloadRef.current = reload;
  useEffect(() => {
    if (stamp === undefined) return;
    if (seen.current !== undefined && stamp !== seen.current) reloadRef.current();
    seen.current = stamp;
  }, [stamp]);
}
