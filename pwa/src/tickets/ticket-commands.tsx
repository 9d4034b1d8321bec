// The ticket actions as commands the header's bar and the reply area share: each asks what it
// needs (a queue, the transfer choices, a confirmation), queues its mutation with its local
// effect (ticket-actions.ts), asks sync to push, and leaves the conversation when the ticket
// leaves the person's hands (spec 1 §4: after a transfer or delete the screen goes to /tickets, by going back
// to the list's history entry when the list opened it, decision 0088).
import type { TicketDTO } from "@chatflow/core/contract/entities.ts";
import { type ReactNode, useState } from "react";
import { useSessionUser } from "../auth/use-session-user.ts";
import { errorText } from "../i18n/translate-error.ts";
import { requestSync } from "../sync/app-sync.ts";
import { showToast } from "../ui/toasts.ts";
import { useBackToList } from "./pane-history.ts";
import { DeleteTicketDialog, QueueChoiceDialog, TransferDialog, useQueueChoices } from "./ticket-action-dialogs.tsx";
import { needsQueueChoice } from "./ticket-rules.ts";
import { useTicketWrites } from "./tickets-data.ts";

export type TicketCommands = {
  accept: () => void;
  reopen: () => void;
  returnToQueue: () => void;
  transfer: () => void;
  resolve: (sendFarewellMessage: boolean) => void;
  ignore: () => void;
  delete: () => void;
  /** The dialogs the commands open; render once where the commands are used. */
  dialogs: ReactNode;
};

type Dialog = "accept" | "reopen" | "transfer" | "delete" | null;

export function useTicketCommands(ticket: TicketDTO, contactName: string): TicketCommands {
  const user = useSessionUser();
  const backToList = useBackToList();
  const queues = useQueueChoices(user);
  const [dialog, setDialog] = useState<Dialog>(null);
  const writes = useTicketWrites();

  async function run(action: () => Promise<unknown>, leave = false) {
    try {
      await action();
      requestSync();
      if (leave) backToList();
    } catch (err) {
      // Nothing was queued (one transaction): say why and leave the screen as it was.
      showToast(errorText(err));
    }
  }

  const close = (open: boolean) => {
    if (!open) setDialog(null);
  };
  const me = user ?? { id: 0, company: undefined };

  const dialogs = (
    <>
      {(dialog === "accept" || dialog === "reopen") && (
        <QueueChoiceDialog
          isOpen
          onOpenChange={close}
          kind={dialog}
          queues={queues}
          onChoose={(queueId) =>
            void run(() =>
              dialog === "accept" ? writes.accept(ticket, me, queueId) : writes.reopen(ticket, me, queueId),
            )
          }
        />
      )}
      {dialog === "transfer" && (
        <TransferDialog
          isOpen
          onOpenChange={close}
          ticket={ticket}
          onTransfer={(choice) => void run(() => writes.transfer(ticket, choice), true)}
        />
      )}
      {dialog === "delete" && (
        <DeleteTicketDialog
          isOpen
          onOpenChange={close}
          contactName={contactName}
          onConfirm={() => run(() => writes.remove(ticket), true)}
        />
      )}
    </>
  );

  return {
    accept: () =>
      needsQueueChoice(ticket) ? setDialog("accept") : void run(() => writes.accept(ticket, me, undefined)),
    reopen: () =>
      needsQueueChoice(ticket) ? setDialog("reopen") : void run(() => writes.reopen(ticket, me, undefined)),
    returnToQueue: () => void run(() => writes.returnToQueue(ticket), true),
    transfer: () => setDialog("transfer"),
    resolve: (farewell) => void run(() => writes.resolve(ticket, me, farewell), true),
    ignore: () => void run(() => writes.ignore(ticket), true),
    delete: () => setDialog("delete"),
    dialogs,
  };
}
