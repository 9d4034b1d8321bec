// Start a ticket with a contact (spec 1 §2 contacts actions; §5 New ticket: a queue and a
// connection are required). Only connections of the contact's channel are offered. When core
// answers that the contact already has a ticket in progress, the notice names who holds it
// and in which queue (spec 1 §4), and offers to open it.

import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../ui/button.tsx";
import { Modal } from "../ui/dialog.tsx";
import { StartTicketChoices, StartTicketHolderNotice } from "./start-ticket-parts.tsx";
import { type StartTicketContact, useStartTicketForm } from "./use-start-ticket-form.ts";

export type { StartTicketContact } from "./use-start-ticket-form.ts";

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
  const state = useStartTicketForm({ contact, online, onClose, missingContact });
  const { busy, refusal, holder, errors } = state;

  return (
    <Modal
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={title ?? t("contactsPage.startTicket.title")}
      size="small"
      keyboardDismiss={!busy}
      onSubmit={refusal ? undefined : () => void state.start()}
      data-testid="start-ticket-dialog"
      actions={
        refusal ? (
          <>
            <Button variant="secondary" onPress={onClose}>
              {t("contactsPage.startTicket.close")}
            </Button>
            {state.mayOpen && (
              <Button variant="primary" onPress={state.openHolder} data-testid="start-ticket-open-holder">
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
        <StartTicketHolderNotice refusal={refusal} holder={holder} />
      ) : (
        <StartTicketChoices state={state} contact={contact} />
      )}
    </Modal>
  );
}
