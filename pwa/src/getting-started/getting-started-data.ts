// The checklist's live data: connections, queues and users from this device's replica (Dexie), the general quick
// messages from their co-edited document's copy here, so the steps tick as the data arrives, online or not.
import { GENERAL_QUICK_MESSAGES } from "@chatflow/core/contract/documents/quick-messages.ts";
import { useLiveQuery } from "dexie-react-hooks";
import { db } from "../app-db.ts";
import { quickMessagesSocketAuth } from "../quick-messages/quick-messages-data.ts";
import { useQuickMessagesDoc } from "../quick-messages/use-quick-messages-doc.ts";
import { defaultSyncUrl } from "../sync/co-edited-doc.ts";
import type { SetupFacts } from "./setup-steps.ts";

/** Null until the replica has answered. */
export function useSetupFacts(companyId: number): SetupFacts | null {
  const counts = useLiveQuery(
    async () => ({
      connections: await db.whatsapps.count(),
      queues: await db.queues.count(),
      users: await db.users.count(),
    }),
    [],
  );
  const quick = useQuickMessagesDoc(
    companyId,
    GENERAL_QUICK_MESSAGES,
    quickMessagesSocketAuth.token,
    defaultSyncUrl(),
    quickMessagesSocketAuth.renew,
  );
  if (!counts) return null;
  return { ...counts, quickMessages: quick.items.length };
}
