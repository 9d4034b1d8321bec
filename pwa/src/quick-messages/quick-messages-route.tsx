// /quick-messages: the page bound to the signed-in user and the current token.
import { api, tokens } from "../app-services.ts";
import { useSessionUser } from "../auth/use-session-user.ts";
import { checkSessionOver } from "../sync/realtime-socket.ts";
import { QuickMessagesPage } from "./quick-messages-page.tsx";

// Read at each connection, so a token renewed anywhere in the app is the one sent.
const currentToken = () => tokens.get() ?? "";
// An expired token refused by the sync server is renewed through the API client (its one shared refresh).
const renewToken = checkSessionOver(api);

export function QuickMessagesRoute() {
  const user = useSessionUser();
  if (!user || !tokens.get()) return null;
  return (
    <QuickMessagesPage
      companyId={user.companyId}
      userId={user.id}
      admin={user.profile === "admin" || user.super}
      token={currentToken}
      renewToken={renewToken}
    />
  );
}
