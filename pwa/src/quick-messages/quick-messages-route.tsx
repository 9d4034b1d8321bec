// /quick-messages: the page bound to the signed-in user and the current token.
import { tokens } from "../app-services.ts";
import { useSessionUser } from "../auth/use-session-user.ts";
import { QuickMessagesPage } from "./quick-messages-page.tsx";

export function QuickMessagesRoute() {
  const user = useSessionUser();
  const token = tokens.get();
  if (!user || !token) return null;
  return <QuickMessagesPage companyId={user.companyId} token={token} userId={user.id} />;
}
