// The contact drawer (spec 1 §2 "Contact side drawer"): 320 px on the right (the whole
// conversation on a phone) with the contact's data and extra info, tags, the ticket's notes,
// edit, block/unblock, the chatbot and audio switches, and the ticket log. Numbers are shown as
// the server presents them (masked for plain users under LGPD). Everything works offline: reads
// come from the replica and the REST cache, writes go through the outbox.
import type { TUpdateContactRequest } from "@chatflow/core/contract/contacts.ts";
import type { ContactDTO, TicketDTO } from "@chatflow/core/contract/entities.ts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSessionUser } from "../auth/use-session-user.ts";
import { Button } from "../ui/button.tsx";
import { Drawer } from "../ui/drawer.tsx";
import { ListIcon } from "../ui/icons.tsx";
import { ContactCard, ContactExtraInfo } from "./contact-card.tsx";
import { extraInfoView, type NoteView, notesView, tagsRequest, tagsView } from "./contact-drawer-data.ts";
import { ContactNotes } from "./contact-drawer-notes.tsx";
import { queue } from "./contact-drawer-queue.ts";
import { ContactTags } from "./contact-drawer-tags.tsx";
import { ContactEditDialog } from "./contact-edit-dialog.tsx";
import "./contact-drawer.css";
import { ContactSwitches } from "./contact-switches.tsx";
import { TicketLogDialog } from "./ticket-log-dialog.tsx";
import { useContactWrites } from "./tickets-data.ts";
import { useCompanyTags, useContactDetails, useSettledEntries, useTicketNotes } from "./use-drawer-data.ts";

export function ContactDrawer({
  id,
  ticket,
  contact,
  onClose,
}: {
  id: string;
  ticket: TicketDTO;
  contact: ContactDTO;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const details = useContactDetails(contact.id, contact.updatedAt);
  const writes = useContactWrites();
  const notes = useTicketNotes(ticket.id);
  const companyTags = useCompanyTags();
  const waiting = useSettledEntries(ticket.id, contact.id, () => Promise.all([details.refresh(), notes.refresh()]));
  const [editing, setEditing] = useState(false);
  const [logOpen, setLogOpen] = useState(false);

  const author = { id: user?.id ?? 0, name: user?.name ?? "" };
  const noteList = notesView(notes.value, waiting, ticket.id, author);
  const tags = tagsView(details.value?.tags, waiting, contact.id, companyTags.value ?? []);
  const extraInfo = details.value ? extraInfoView(details.value.extraInfo, waiting, contact.id) : null;
  const isAdmin = user?.profile === "admin";
  const mayDeleteNote = (note: NoteView) => isAdmin || (note.userId !== null && note.userId === user?.id);

  return (
    <Drawer id={id} isOpen onClose={onClose} title={t("contactDrawer.title")} width={320} data-testid="contact-drawer">
      <ContactCard contact={contact} channel={details.value?.whatsapp} onEdit={() => setEditing(true)} />

      <ContactExtraInfo extraInfo={extraInfo} missing={details.missing} />

      <ContactTags
        tags={tags}
        companyTags={companyTags.value ?? []}
        onChange={(next) => void queue(() => writes.setTags(contact.id, tagsRequest(next)))}
      />

      <ContactSwitches contact={contact} />

      <ContactNotes
        notes={noteList}
        missing={notes.missing}
        mayDelete={mayDeleteNote}
        onAdd={(note) =>
          queue(
            () => writes.addNote({ note, ticketId: ticket.id, contactId: contact.id }),
            t("contactDrawer.notes.added"),
          )
        }
        onDelete={(note) => queue(() => writes.deleteNote(note.id), t("contactDrawer.notes.deleted"))}
      />

      <Button icon={<ListIcon size={16} />} onPress={() => setLogOpen(true)} data-testid="ticket-log-open">
        {t("contactDrawer.log.open")}
      </Button>

      {editing && (
        <ContactEditDialog
          contact={contact}
          extraInfo={extraInfo}
          onOpenChange={setEditing}
          onSave={(request: TUpdateContactRequest) =>
            queue(() => writes.update(contact, request), t("contactDrawer.editDialog.saved"))
          }
        />
      )}
      {logOpen && <TicketLogDialog ticketId={ticket.id} refreshKey={ticket.updatedAt} onOpenChange={setLogOpen} />}
    </Drawer>
  );
}
