// The start-ticket dialog's form (spec 1 §5 New ticket, §6): the connections of the contact's channel, the queues
// the person may pick (a single one preselected), the start, and core's refusal when another ticket is open.

import type { ErrorBody } from "@chatflow/core/contract/errors.ts";
import type { OpenTicketHolder } from "@chatflow/core/contract/tickets.ts";
import { ZCreateTicketRequestSchema } from "@chatflow/core/contract/tickets.ts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useSessionUser } from "../auth/use-session-user.ts";
import { useReplicaWhatsapps } from "../connections/connections-data.ts";
import { fieldErrors } from "../i18n/form-errors.ts";
import { useReplicaQueues } from "../queues/queues-data.ts";
import { showToast } from "../ui/toasts.ts";
import type { ContactRow } from "./contact-list.ts";
import { useStartTicket } from "./contacts-data.ts";
import { connectionsFor } from "./start-ticket.ts";
import { CONTACT_MESSAGES } from "./use-contact-form.ts";

/** What the dialog reads of the contact. */
export type StartTicketContact = Pick<ContactRow, "id" | "name" | "channel">;

export type StartTicketFormState = ReturnType<typeof useStartTicketForm>;

export function useStartTicketForm({
  contact,
  online,
  onClose,
  missingContact,
}: {
  contact: StartTicketContact | null;
  online: boolean;
  onClose: () => void;
  missingContact?: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSessionUser();
  const whatsapps = useReplicaWhatsapps() ?? [];
  const companyQueues = useReplicaQueues() ?? [];
  const startTicket = useStartTicket();
  // Admins pick any queue of the company; an agent picks among their own (spec 1 §6).
  const queues = user?.profile === "admin" ? companyQueues : (user?.queues ?? []);
  const connections = connectionsFor(contact?.channel ?? null, whatsapps);
  const [whatsappId, setWhatsappId] = useState<number | null>(null);
  const [queueId, setQueueId] = useState<number | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<ErrorBody | null>(null);

  // A single choice is preselected (spec 1 §5 Accept: a single queue is preselected).
  const chosenConnection = whatsappId ?? (connections.length === 1 ? connections[0]!.id : null);
  const chosenQueue = queueId ?? (queues.length === 1 ? queues[0]!.id : null);

  async function start() {
    const parsed = ZCreateTicketRequestSchema.safeParse({
      contactId: contact?.id ?? undefined,
      whatsappId: chosenConnection ?? undefined,
      queueId: chosenQueue ?? undefined,
      status: "open",
    });
    if (!parsed.success) {
      const found = fieldErrors(parsed.error, CONTACT_MESSAGES);
      if (!contact?.id && missingContact) found.contactId = missingContact;
      setErrors(found);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const outcome = await startTicket(
        { contactId: parsed.data.contactId, whatsappId: parsed.data.whatsappId, queueId: parsed.data.queueId },
        online,
      );
      if (outcome.kind === "refused") {
        setRefusal(outcome.error);
        return;
      }
      if (outcome.kind === "opened") navigate(`/tickets/${outcome.ticket.uuid}`);
      else
        showToast(
          outcome.kind === "queued" ? t("contactsPage.startTicket.queued") : t("contactsPage.startTicket.waiting"),
          "info",
        );
      onClose();
    } finally {
      setBusy(false);
    }
  }

  const holder =
    refusal?.error === "ERR_OTHER_OPEN_TICKET" ? (refusal.data as OpenTicketHolder | undefined) : undefined;
  // The holder's ticket opens for its owner and for admins; others would not see it.
  const mayOpen = holder && (holder.userId === user?.id || user?.profile === "admin");
  const openHolder = () => holder && navigate(`/tickets/${holder.uuid}`);

  return {
    queues,
    connections,
    chosenConnection,
    chosenQueue,
    setWhatsappId,
    setQueueId,
    errors,
    busy,
    refusal,
    holder,
    mayOpen,
    openHolder,
    start,
  };
}
