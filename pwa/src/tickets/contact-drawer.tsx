// The contact drawer (spec 1 §2 "Contact side drawer"): 320 px on the right (the whole
// conversation on a phone) with the contact's data and extra info, tags, the ticket's notes,
// edit, block/unblock, the chatbot and audio switches, and the ticket log. Numbers are shown as
// the server presents them (masked for plain users under LGPD). Everything works offline: reads
// come from the replica and the REST cache, writes go through the outbox.
import type { TUpdateContactRequest } from "@chatflow/core/contract/contacts.ts";
import type { ContactDTO, TicketDTO } from "@chatflow/core/contract/entities.ts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useSessionUser } from "../auth/use-session-user.ts";
import { errorText } from "../i18n/translate-error.ts";
import { ScheduleButton } from "../schedules/schedule-button.tsx";
import { requestSync } from "../sync/app-sync.ts";
import { Avatar } from "../ui/avatar.tsx";
import { Badge } from "../ui/badge.tsx";
import { Button } from "../ui/button.tsx";
import { Drawer } from "../ui/drawer.tsx";
import { EditIcon, ListIcon, LockIcon } from "../ui/icons.tsx";
import { showToast } from "../ui/toasts.ts";
import { Switch } from "../ui/toggles.tsx";
import { extraInfoView, type NoteView, notesView, tagsRequest, tagsView } from "./contact-drawer-data.ts";
import { ContactNotes } from "./contact-drawer-notes.tsx";
import { ContactTags } from "./contact-drawer-tags.tsx";
import { ContactEditDialog } from "./contact-edit-dialog.tsx";
import "./contact-drawer.css";
import { TicketLogDialog } from "./ticket-log-dialog.tsx";
import { useContactWrites } from "./tickets-data.ts";
import { useCompanyTags, useContactDetails, useSettledEntries, useTicketNotes } from "./use-drawer-data.ts";

/** Queues a change and asks sync to push it; a local failure (nothing queued) is said at once. */
async function queue(action: () => Promise<unknown>, done?: string): Promise<void> {
  try {
    await action();
    requestSync();
    if (done) showToast(done, "info");
  } catch (err) {
    showToast(errorText(err));
  }
}

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
  const navigate = useNavigate();
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
      <section className="contact-card" aria-label={contact.name}>
        <Avatar name={contact.name} src={contact.urlPicture} size={72} />
        <p className="contact-card-name" data-testid="contact-drawer-name">
          {contact.name}
        </p>
        {!contact.active && (
          <Badge tone="danger" data-testid="contact-blocked-badge">
            {t("contactDrawer.blockedBadge")}
          </Badge>
        )}
        <dl className="contact-card-fields">
          <div>
            <dt>{t("contactDrawer.number")}</dt>
            <dd data-testid="contact-drawer-number">{contact.number}</dd>
          </div>
          {contact.email && (
            <div>
              <dt>{t("contactDrawer.email")}</dt>
              <dd>{contact.email}</dd>
            </div>
          )}
          {details.value?.whatsapp && (
            <div>
              <dt>{t("contactDrawer.channel")}</dt>
              <dd>{details.value.whatsapp.name}</dd>
            </div>
          )}
        </dl>
        <Button size="small" icon={<EditIcon size={16} />} onPress={() => setEditing(true)} data-testid="contact-edit">
          {t("contactDrawer.edit")}
        </Button>
        {/* spec 1 §2: schedule a message, then on to /schedules. */}
        <ScheduleButton
          contactId={contact.id}
          look="button"
          onSaved={() => navigate(`/schedules?contactId=${contact.id}`)}
        />
      </section>

      <section className="drawer-section" aria-labelledby="contact-info-title">
        <h3 id="contact-info-title" className="drawer-section-title">
          {t("contactDrawer.extraInfo")}
        </h3>
        {extraInfo === null ? (
          <p className="drawer-muted">{details.missing ? t("contactDrawer.notHeld") : t("app.loading")}</p>
        ) : extraInfo.length === 0 ? (
          <p className="drawer-muted">{t("contactDrawer.noExtraInfo")}</p>
        ) : (
          <dl className="contact-card-fields" data-testid="contact-extra-info">
            {extraInfo.map((item, i) => (
              <div key={item.id ?? `new-${i}`}>
                <dt>{item.name}</dt>
                <dd>{item.value}</dd>
              </div>
            ))}
          </dl>
        )}
      </section>

      <ContactTags
        tags={tags}
        companyTags={companyTags.value ?? []}
        onChange={(next) => void queue(() => writes.setTags(contact.id, tagsRequest(next)))}
      />

      <section className="drawer-section contact-switches">
        <Switch
          isSelected={contact.disableBot}
          onChange={() => void queue(() => writes.toggleDisableBot(contact))}
          data-testid="contact-disable-bot"
        >
          {t("contactDrawer.disableBot")}
        </Switch>
        <Switch
          isSelected={contact.acceptAudioMessage}
          onChange={() => void queue(() => writes.toggleAcceptAudio(contact))}
          data-testid="contact-accept-audio"
        >
          {t("contactDrawer.acceptAudio")}
        </Switch>
        <Button
          variant={contact.active ? "danger" : "secondary"}
          size="small"
          icon={<LockIcon size={16} />}
          onPress={() =>
            void queue(
              () => writes.block(contact, !contact.active),
              contact.active ? t("contactDrawer.blocked") : t("contactDrawer.unblocked"),
            )
          }
          data-testid="contact-block"
        >
          {contact.active ? t("contactDrawer.block") : t("contactDrawer.unblock")}
        </Button>
      </section>

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
