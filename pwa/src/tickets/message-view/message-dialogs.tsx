// Dialogs of the message menu: edit (own text within 15 minutes), delete (the spec's
// confirmation) and forward (choose contacts from the replica, at most FORWARD_MAX_CONTACTS).
import type { ContactDTO, MessageDTO } from "@chatflow/core/contract/entities.ts";
import { ZEditMessageArgsSchema } from "@chatflow/core/contract/messages.ts";
import { type Key, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useReplicaContactsById } from "../../contacts/contacts-data.ts";
import { Chip } from "../../ui/badge.tsx";
import { Button } from "../../ui/button.tsx";
import { ConfirmDialog, Modal } from "../../ui/dialog.tsx";
import { TextAreaField } from "../../ui/fields.tsx";
import { ComboBox, SelectItem } from "../../ui/select.tsx";
import { SendDialog } from "../../ui/send-dialog.tsx";
import { FORWARD_MAX_CONTACTS } from "./message-actions.ts";
import "./local-only.css";

export function EditMessageDialog({
  message,
  localOnly = false,
  onClose,
  onSave,
}: {
  message: MessageDTO;
  /** The channel cannot edit a sent message: the edit stays in Chat-flow, and the agent is told before (0093). */
  localOnly?: boolean;
  onClose: () => void;
  onSave: (body: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [body, setBody] = useState(message.body);
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    const parsed = ZEditMessageArgsSchema.shape.body.safeParse(body);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? "");
    await onSave(parsed.data);
    onClose();
  };
  return (
    <Modal
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={t("messageView.editDialog.title")}
      onSubmit={() => void submit()}
      data-testid="edit-message-dialog"
      actions={
        <>
          <Button onPress={onClose}>{t("ui.cancel")}</Button>
          <Button variant="primary" type="submit" data-testid="edit-message-save">
            {t("messageView.editDialog.save")}
          </Button>
        </>
      }
    >
      {localOnly && (
        <p className="message-local-only" role="note" data-testid="edit-local-only">
          {t("connectionState.capabilities.editWarning")}
        </p>
      )}
      <TextAreaField
        label={t("messageView.editDialog.field")}
        description={t("messageView.editDialog.window")}
        value={body}
        onChange={(v) => {
          setBody(v);
          setError(null);
        }}
        errorMessage={error}
        autoFocus
        rows={4}
        data-testid="edit-message-body"
      />
    </Modal>
  );
}

export function DeleteMessageDialog({
  localOnly = false,
  onClose,
  onConfirm,
}: {
  /** The channel cannot delete a sent message: it goes only from Chat-flow, and the agent is told before (0093). */
  localOnly?: boolean;
  onClose: () => void;
  onConfirm: () => Promise<void>;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={t("messageView.deleteDialog.title")}
      confirmLabel={t("messageView.deleteDialog.confirm")}
      onConfirm={onConfirm}
      data-testid="delete-message-dialog"
    >
      {t("messageView.deleteDialog.body")}
      {localOnly && (
        <span className="message-local-only" data-testid="delete-local-only">
          {" "}
          {t("connectionState.capabilities.deleteWarning")}
        </span>
      )}
    </ConfirmDialog>
  );
}

const normal = (s: string) => s.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

export function ForwardMessageDialog({
  onClose,
  onForward,
}: {
  onClose: () => void;
  onForward: (contactIds: number[]) => Promise<void>;
}) {
  const { t } = useTranslation();
  const contacts = useReplicaContactsById();
  const [text, setText] = useState("");
  const [chosen, setChosen] = useState<ContactDTO[]>([]);
  const [error, setError] = useState<string | null>(null);
  const matches = useMemo(() => {
    const q = normal(text.trim());
    const taken = new Set(chosen.map((c) => c.id));
    return contacts
      .filter((c) => !taken.has(c.id) && (!q || normal(c.name).includes(q) || c.number.includes(q)))
      .slice(0, 50);
  }, [contacts, text, chosen]);
  const pick = (key: Key | null) => {
    if (key === null) return;
    const contact = contacts.find((c) => c.id === Number(key));
    if (!contact) return;
    if (chosen.length >= FORWARD_MAX_CONTACTS) {
      setError(t("messageView.forwardDialog.limit", { max: FORWARD_MAX_CONTACTS }));
      return;
    }
    setChosen((list) => [...list, contact]);
    setText("");
    setError(null);
  };
  const submit = () => {
    if (chosen.length === 0) {
      setError(t("messageView.forwardDialog.empty"));
      return;
    }
    return onForward(chosen.map((c) => c.id));
  };
  return (
    <SendDialog
      title={t("messageView.forwardDialog.title")}
      testId="forward-message"
      sendLabel={t("messageView.forwardDialog.submit")}
      onClose={onClose}
      onSubmit={submit}
    >
      <ComboBox
        label={t("messageView.forwardDialog.contacts")}
        placeholder={t("messageView.forwardDialog.search")}
        items={matches}
        inputValue={text}
        onInputChange={setText}
        selectedKey={null}
        onSelectionChange={pick}
        emptyText={t("messageView.forwardDialog.none")}
        errorMessage={error}
        data-testid="forward-message-contact"
      >
        {(c) => (
          <SelectItem id={c.id} textValue={c.name}>
            {c.name} · {c.number}
          </SelectItem>
        )}
      </ComboBox>
      {chosen.length > 0 && (
        <fieldset className="forward-chosen" aria-label={t("messageView.forwardDialog.chosen")}>
          {chosen.map((c) => (
            <Chip
              key={c.id}
              onRemove={() => setChosen((list) => list.filter((x) => x.id !== c.id))}
              removeLabel={t("messageView.forwardDialog.remove", { name: c.name })}
              data-testid="forward-message-chosen"
            >
              {c.name}
            </Chip>
          ))}
        </fieldset>
      )}
    </SendDialog>
  );
}
