// The chat dialog (spec 3 §2 "Internal chat", §5): title and users, for a new chat and for the owner's edit. Save is
// disabled while the title is empty or no user is chosen. A new chat goes through the outbox (offline too, decision
// 0111); the owner's edit is a REST call and needs a connection.
import { ZChatRequestSchema } from "@chatflow/core/contract/chats.ts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../api/errors.ts";
import { fieldErrors, serverFieldErrors } from "../i18n/form-errors.ts";
import { errorText } from "../i18n/translate-error.ts";
import type { LocalChat } from "../store/db.ts";
import { TextField } from "../ui/fields.tsx";
import { FormModal } from "../ui/form-modal.tsx";
import { Select, SelectItem } from "../ui/select.tsx";
import { showToast } from "../ui/toasts.ts";
import { canSaveChat } from "./chat-rules.ts";
import type { Me } from "./chat-writes.ts";
import { useColleagues, useSaveChat } from "./chats-data.ts";

const CHAT_MESSAGES: Record<string, string> = {
  Obrigatório: "chatsPage.validation.required",
  "Muito longo!": "chatsPage.validation.tooLong",
};

export function ChatDialog({
  chat,
  me,
  online,
  onClose,
  onSaved,
}: {
  /** null starts a chat. */
  chat: LocalChat | null;
  me: Me;
  online: boolean;
  onClose: () => void;
  onSaved: (saved: LocalChat) => void;
}) {
  const { t } = useTranslation();
  const [title, setTitle] = useState(chat?.title ?? "");
  const [users, setUsers] = useState<number[]>(
    chat ? chat.users.map((u) => u.userId).filter((id) => id !== chat.ownerId) : [],
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  // The company's users as replicated, the caller left out (the owner is always in the chat).
  const colleagues = useColleagues(me.id);
  const saveChat = useSaveChat(me);
  // Only the owner's edit needs the network (a REST call); a new chat waits in the outbox.
  const needsConnection = chat !== null && !online;

  async function save() {
    const parsed = ZChatRequestSchema.safeParse({ title, users });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error, CHAT_MESSAGES));
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const names = new Map((colleagues ?? []).map((u) => [u.id, u.name]));
      const saved = await saveChat(chat, parsed.data, names);
      showToast(t("chatsPage.toasts.saved"), "info");
      onSaved(saved);
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.body?.fields) setErrors(serverFieldErrors(err.body.fields, CHAT_MESSAGES));
      else setErrors({ title: errorText(err) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <FormModal
      title={chat ? t("chatsPage.dialog.editTitle") : t("chatsPage.dialog.addTitle")}
      onClose={onClose}
      onSubmit={() => void save()}
      saving={saving}
      cancelLabel={t("chatsPage.dialog.cancel")}
      saveLabel={t("chatsPage.dialog.save")}
      saveDisabled={needsConnection || !canSaveChat(title, users)}
      note={needsConnection ? t("chatsPage.needsConnection") : null}
      size="small"
      data-testid="chat-dialog"
      save-testid="chat-save"
    >
      <div className="chat-form">
        <TextField
          label={t("chatsPage.dialog.title")}
          value={title}
          onChange={setTitle}
          errorMessage={errors.title}
          isRequired
          autoFocus
          data-testid="chat-title"
        />
        <Select
          label={t("chatsPage.dialog.users")}
          selectionMode="multiple"
          items={colleagues ?? []}
          value={users}
          onChange={(keys) => setUsers((keys as number[]).map(Number))}
          placeholder={t("chatsPage.dialog.noUsers")}
          errorMessage={errors.users}
          isRequired
          data-testid="chat-users"
        >
          {(u) => <SelectItem id={u.id}>{u.name}</SelectItem>}
        </Select>
      </div>
    </FormModal>
  );
}
