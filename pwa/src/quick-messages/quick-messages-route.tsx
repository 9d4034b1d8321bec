// /quick-messages: the page bound to the signed-in user and the current token.
import { tokens } from "../app-services.ts";
import { useSessionUser } from "../auth/use-session-user.ts";
import { quickMessagesSocketAuth } from "./quick-messages-data.ts";
import { QuickMessagesPage } from "./quick-messages-page.tsx";

export function QuickMessagesRoute() {
  const user = useSessionUser();
  if (!user || !tokens.get()) return null;
  return (
    <QuickMessagesPage
      companyId={user.companyId}
      userId={user.id}
      userName={user.name}
      admin={user.profile === "admin" || user.super}
      token={quickMessagesSocketAuth.token}
      renewToken={quickMessagesSocketAuth.renew}
    />
  );
}
