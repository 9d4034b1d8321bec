// Opens the general and the personal quick-messages lists (Yjs documents, offline copies in
// IndexedDB, live through the sync server) while the picker is wanted, and hands their items up.
import { GENERAL_QUICK_MESSAGES, type QuickMessage } from "@chatflow/core/contract/documents/quick-messages.ts";
import { useEffect } from "react";
import { quickMessagesSocketAuth } from "../../quick-messages/quick-messages-data.ts";
import { defaultSyncUrl } from "../../quick-messages/quick-messages-doc.ts";
import { useQuickMessagesDoc } from "../../quick-messages/use-quick-messages-doc.ts";

const { token: currentToken, renew: renewToken } = quickMessagesSocketAuth;

export function QuickMessagesSource({
  companyId,
  userId,
  onItems,
}: {
  companyId: number;
  userId: number;
  onItems: (general: QuickMessage[], personal: QuickMessage[]) => void;
}) {
  const syncUrl = defaultSyncUrl();
  const general = useQuickMessagesDoc(companyId, GENERAL_QUICK_MESSAGES, currentToken, syncUrl, renewToken);
  const personal = useQuickMessagesDoc(companyId, { general: false, userId }, currentToken, syncUrl, renewToken);
  useEffect(() => onItems(general.items, personal.items), [general.items, personal.items, onItems]);
  return null;
}
