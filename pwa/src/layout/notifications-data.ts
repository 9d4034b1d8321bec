// The new-ticket toast's data (issue 20: components call hooks; this file owns the table).
import { useLiveQuery } from "dexie-react-hooks";
import { db } from "../app-db.ts";
import { loadWaitingRows, type WaitingRow } from "./notifications-waiting.ts";

/** The conversations waiting for an agent, with their contacts; undefined while reading. */
export function useWaitingRows(): WaitingRow[] | undefined {
  return useLiveQuery(() => loadWaitingRows(db), []);
}

/** Whether a pull has filled the replica (its first walk ended): what it holds then is not news. */
export function useReplicaFilled(): boolean | undefined {
  return useLiveQuery(() => db.meta.get("ticketsComplete").then((row) => row !== undefined), []);
}
