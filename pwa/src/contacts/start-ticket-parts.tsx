// The start-ticket dialog's parts: the notice naming who holds the contact's open ticket (spec 1 §4), and the
// connection and queue to start with (spec 1 §5 New ticket).

import type { ErrorBody } from "@chatflow/core/contract/errors.ts";
import type { OpenTicketHolder } from "@chatflow/core/contract/tickets.ts";
import { useTranslation } from "react-i18next";
import { errorText } from "../i18n/translate-error.ts";
import { Select, SelectItem } from "../ui/select.tsx";
import type { StartTicketContact, StartTicketFormState } from "./use-start-ticket-form.ts";

export function StartTicketHolderNotice({ refusal, holder }: { refusal: ErrorBody; holder?: OpenTicketHolder }) {
  const { t } = useTranslation();
  return (
    <p className="start-ticket-holder" role="alert" data-testid="start-ticket-holder">
      {holder
        ? holder.userName
          ? t("contactsPage.startTicket.holder", {
              user: holder.userName,
              queue: holder.queueName ?? t("contactsPage.startTicket.noQueue"),
            })
          : t("contactsPage.startTicket.holderWaiting", {
              queue: holder.queueName ?? t("contactsPage.startTicket.noQueue"),
            })
        : errorText(refusal)}
    </p>
  );
}

export function StartTicketChoices({
  state,
  contact,
}: {
  state: StartTicketFormState;
  contact: StartTicketContact | null;
}) {
  const { t } = useTranslation();
  const { connections, errors } = state;
  return (
    <div className="contact-form">
      {contact && connections.length === 0 && (
        <p className="contact-form-note">{t("contactsPage.startTicket.noConnection")}</p>
      )}
      <Select
        label={t("contactsPage.startTicket.connection")}
        items={connections}
        value={state.chosenConnection}
        onChange={(key) => state.setWhatsappId(key === null ? null : Number(key))}
        errorMessage={errors.whatsappId}
        isRequired
        data-testid="start-ticket-connection"
      >
        {(w) => <SelectItem id={w.id}>{w.name}</SelectItem>}
      </Select>
      <Select
        label={t("contactsPage.startTicket.queue")}
        items={state.queues}
        value={state.chosenQueue}
        onChange={(key) => state.setQueueId(key === null ? null : Number(key))}
        errorMessage={errors.queueId}
        isRequired
        data-testid="start-ticket-queue"
      >
        {(q) => <SelectItem id={q.id}>{q.name}</SelectItem>}
      </Select>
    </div>
  );
}
