// The company's sendSignMessage setting (spec 1 §2: the signature option shows only when it is
// enabled), read over REST and kept in the replica's meta table so it holds offline.
import { useLiveQuery } from "dexie-react-hooks";
import { useEffect } from "react";
import { db } from "../../app-db.ts";
import { api } from "../../app-services.ts";

const KEY = "companySetting:sendSignMessage";

export function useSendSignMessage(): boolean {
  const stored = useLiveQuery(() => db.meta.get(KEY), []);
  useEffect(() => {
    if (!navigator.onLine) return;
    api
      .get<{ sendSignMessage?: string }>("/companySettingOne?column=sendSignMessage")
      .then((r) => db.meta.put({ key: KEY, value: r.sendSignMessage ?? "disabled" }))
      .catch(() => {
        // Offline or refused: the last known value stays.
      });
  }, []);
  return stored?.value === "enabled";
}
