// The ticket's notes in the drawer (spec 1 §2: list max height 200 px; §5: a note needs at least
// 2 characters, 'Too Short!'): add one, and delete one's own (admins any) after confirming.
// A note written offline shows at once, marked as waiting, until the server has it.
import { ZCreateTicketNoteRequestSchema } from "@chatflow/core/contract/contacts.ts";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, IconButton } from "../ui/button.tsx";
import { ConfirmDialog } from "../ui/dialog.tsx";
import { TextAreaField } from "../ui/fields.tsx";
import { TrashIcon } from "../ui/icons.tsx";
import type { NoteView } from "./contact-drawer-data.ts";
import { formatDate, formatTime } from "./format.ts";

const noteSchema = ZCreateTicketNoteRequestSchema.shape.note;

export function ContactNotes({
  notes,
  mayDelete,
  onAdd,
  onDelete,
  missing,
}: {
  notes: NoteView[];
  /** Whether the signed-in user may delete this note (author or admin). */
  mayDelete: (note: NoteView) => boolean;
  onAdd: (note: string) => Promise<void>;
  onDelete: (note: NoteView) => Promise<void>;
  /** The list is not held here and cannot be fetched now. */
  missing: boolean;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<NoteView | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = noteSchema.safeParse(text);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? t("validation.required"));
      return;
    }
    await onAdd(parsed.data);
    setText("");
    setError(null);
  };

  return (
    <section className="drawer-section" aria-labelledby="contact-notes-title">
      <h3 id="contact-notes-title" className="drawer-section-title">
        {t("contactDrawer.notes.title")}
      </h3>
      <form className="contact-note-form" onSubmit={(e) => void submit(e)} noValidate>
        <TextAreaField
          label={t("contactDrawer.notes.label")}
          value={text}
          onChange={(value) => {
            setText(value);
            if (error) setError(null);
          }}
          errorMessage={error}
          rows={2}
          maxLength={5000}
          data-testid="contact-note-input"
        />
        <Button type="submit" variant="primary" size="small" data-testid="contact-note-add">
          {t("contactDrawer.notes.add")}
        </Button>
      </form>
      {missing && notes.length === 0 ? (
        <p className="drawer-muted">{t("contactDrawer.notHeld")}</p>
      ) : notes.length === 0 ? (
        <p className="drawer-muted">{t("contactDrawer.notes.empty")}</p>
      ) : (
        // Scrolls within 200 px; focusable so the keyboard can scroll it too.
        <ul
          className="contact-notes"
          aria-label={t("contactDrawer.notes.list")}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
          tabIndex={0}
          data-testid="contact-notes"
        >
          {notes.map((note) => {
            const when = new Date(note.createdAt);
            const author = note.user?.name ?? "";
            return (
              <li key={note.id} className="contact-note" data-pending={note.pending ? "true" : undefined}>
                <p className="contact-note-text">{note.note}</p>
                <p className="contact-note-meta">
                  <span>
                    {author} · {formatDate(when)} {formatTime(when)}
                  </span>
                  {note.pending ? (
                    <span className="contact-note-pending">{t("contactDrawer.notes.pending")}</span>
                  ) : (
                    mayDelete(note) && (
                      <IconButton
                        label={t("contactDrawer.notes.delete", { name: author })}
                        onPress={() => setConfirming(note)}
                        data-testid="contact-note-delete"
                      >
                        <TrashIcon size={16} />
                      </IconButton>
                    )
                  )}
                </p>
              </li>
            );
          })}
        </ul>
      )}
      {confirming && (
        <ConfirmDialog
          isOpen
          onOpenChange={(open) => {
            if (!open) setConfirming(null);
          }}
          title={t("contactDrawer.notes.deleteTitle")}
          confirmLabel={t("contactDrawer.notes.deleteConfirm")}
          onConfirm={() => onDelete(confirming)}
        >
          {t("contactDrawer.notes.deleteText")}
        </ConfirmDialog>
      )}
    </section>
  );
}
