// Start a ticket with a contact (spec 1 §2 contacts actions; §5 New ticket: a queue and a
// connection are required). Only connections of the contact's channel are offered. When core
// answers that the contact already has a ticket in progress, the notice names who holds it
// and in which queue (spec 1 §4), and offers to open it.

import type { ErrorBody } from "@chatflow/core/contract/errors.ts";
import type { OpenTicketHolder } from "@chatflow/core/contract/tickets.ts";
import { ZCreateTicketRequestSchema } from "@chatflow/core/contract/tickets.ts";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useSessionUser } from "../auth/use-session-user.ts";
import { useReplicaWhatsapps } from "../connections/connections-data.ts";
import { fieldErrors } from "../i18n/form-errors.ts";
import { errorText } from "../i18n/translate-error.ts";
import { useReplicaQueues } from "../queues/queues-data.ts";
import { Button } from "../ui/button.tsx";
import { Modal } from "../ui/dialog.tsx";
import { Select, SelectItem } from "../ui/select.tsx";
import { showToast } from "../ui/toasts.ts";
import type { ContactRow } from "./contact-list.ts";
import { useStartTicket } from "./contacts-data.ts";
import { connectionsFor } from "./start-ticket.ts";
import { CONTACT_MESSAGES } from "./use-contact-form.ts";

/** What the dialog reads of the contact. */
export type StartTicketContact = Pick<ContactRow, "id" | "name" | "channel">;

export function StartTicketDialog({
  contact,
  online,
  onClose,
  title,
  contactPicker,
  missingContact,
}: {
  /** null until the person picks one in `contactPicker` (the ticket list's new-ticket dialog). */
  contact: StartTicketContact | null;
  online: boolean;
  onClose: () => void;
  title?: string;
  /** Replaces the contact's name with a field to choose it, given the field's error. */
  contactPicker?: (error: string | undefined) => ReactNode;
  /** The error shown on the picker when no contact is chosen. */
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

  return (
    <Modal
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={title ?? t("contactsPage.startTicket.title")}
      size="small"
      keyboardDismiss={!busy}
      onSubmit={refusal ? undefined : () => void start()}
      data-testid="start-ticket-dialog"
      actions={
        refusal ? (
          <>
            <Button variant="secondary" onPress={onClose}>
              {t("contactsPage.startTicket.close")}
            </Button>
            {mayOpen && (
              <Button
                variant="primary"
                onPress={() => navigate(`/tickets/${holder.uuid}`)}
                data-testid="start-ticket-open-holder"
              >
                {t("contactsPage.startTicket.openHolder")}
              </Button>
            )}
          </>
        ) : (
          <>
            <Button variant="secondary" onPress={onClose} isDisabled={busy}>
              {t("contactsPage.dialog.cancel")}
            </Button>
            <Button type="submit" variant="primary" isPending={busy} data-testid="start-ticket-submit">
              {t("contactsPage.startTicket.start")}
            </Button>
          </>
        )
      }
    >
      {contactPicker && !refusal ? (
        contactPicker(errors.contactId)
      ) : contact ? (
        <p className="dialog-message">{t("contactsPage.startTicket.contact", { name: contact.name })}</p>
      ) : null}
      {refusal ? (
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
      ) : (
        <div className="contact-form">
          {contact && connections.length === 0 && (
            <p className="contact-form-note">{t("contactsPage.startTicket.noConnection")}</p>
          )}
          <Select
            label={t("contactsPage.startTicket.connection")}
            items={connections}
            value={chosenConnection}
            onChange={(key) => setWhatsappId(key === null ? null : Number(key))}
            errorMessage={errors.whatsappId}
            isRequired
            data-testid="start-ticket-connection"
          >
            {(w) => <SelectItem id={w.id}>{w.name}</SelectItem>}
          </Select>
          <Select
            label={t("contactsPage.startTicket.queue")}
            items={queues}
            value={chosenQueue}
            onChange={(key) => setQueueId(key === null ? null : Number(key))}
            errorMessage={errors.queueId}
            isRequired
            data-testid="start-ticket-queue"
          >
            {(q) => <SelectItem id={q.id}>{q.name}</SelectItem>}
          </Select>
        </div>
      )}
    </Modal>
  );
}
