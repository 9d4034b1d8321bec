// What stands where the reply box would be when a reply is not allowed (ticket-rules.ts
// replyAllowed): a pending ticket offers 'Aceitar' first, a closed one 'Reabrir'; a ticket
// someone else attends or one waiting for the contact says so.
import type { TicketDTO } from "@chatflow/core/contract/entities.ts";
import { useTranslation } from "react-i18next";
import { useSessionUser } from "../auth/use-session-user.ts";
import { Button } from "../ui/button.tsx";
import { RefreshIcon } from "../ui/icons.tsx";
import { useReplicaUser } from "../users/users-data.ts";
import { useTicketCommands } from "./ticket-commands.tsx";
import { replyGate } from "./ticket-rules.ts";

export function ReplyGate({ ticket, contactName }: { ticket: TicketDTO; contactName: string }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const commands = useTicketCommands(ticket, contactName);
  const owner = useReplicaUser(ticket.userId);
  const gate = replyGate(ticket, user);
  if (gate === "none") return null;
  let text: string;
  let action = null;
  switch (gate) {
    case "accept":
      text = t("ticketActions.gate.accept");
      action = (
        <Button variant="primary" onPress={commands.accept} data-testid="reply-gate-accept">
          {t("ticketActions.accept")}
        </Button>
      );
      break;
    case "reopen":
      text = t("ticketActions.gate.reopen");
      action = (
        <Button
          variant="primary"
          icon={<RefreshIcon size={16} />}
          onPress={commands.reopen}
          data-testid="reply-gate-reopen"
        >
          {t("ticketActions.reopen")}
        </Button>
      );
      break;
    case "waitingContact":
      text = t("ticketActions.gate.waitingContact");
      break;
    case "attendedByOther":
      text = owner
        ? t("ticketActions.gate.attendedBy", { name: owner.name })
        : t("ticketActions.gate.attendedByNobody");
      break;
  }
  return (
    <div className="reply-gate" data-testid="reply-gate" data-gate={gate}>
      <p className="reply-gate-text">{text}</p>
      {action}
      {commands.dialogs}
    </div>
  );
}
