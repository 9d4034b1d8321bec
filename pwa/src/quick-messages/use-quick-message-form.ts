// The quick message modal's form (spec 2 §3, §4, §5): the fields, the file kept, set or removed, and the save —
// into the list's document when only text changed (offline too), over REST when a file or the list changes.

import type { QuickMessage } from "@chatflow/core/contract/documents/quick-messages.ts";
import { ZCreateQuickMessageRequestSchema } from "@chatflow/core/contract/quick-messages.ts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type * as Y from "yjs";
import { ApiError } from "../api/errors.ts";
import { fieldErrors, serverFieldErrors } from "../i18n/form-errors.ts";
import { errorText } from "../i18n/translate-error.ts";
import { showToast } from "../ui/toasts.ts";
import { type MediaChange, type QuickMessageFields, saveToDocument } from "./quick-message-save.ts";
import { useSaveQuickMessageOnline } from "./quick-messages-data.ts";

/** The contract's texts (spec 2 §5, in pt-BR) in the reader's language. */
const QUICK_MESSAGE_MESSAGES: Record<string, string> = { Obrigatório: "quickMessages.required" };

export type QuickMessageFormState = ReturnType<typeof useQuickMessageForm>;

/** What the dialog takes (and its form hook, which takes all of it but what only the frame shows). */
export type QuickMessageModalProps = {
  /** null adds one. */
  item: QuickMessage | null;
  /** The list it is in (or is added to). */
  general: boolean;
  admin: boolean;
  userId: number;
  online: boolean;
  /** Another user's: every field is shown locked (spec 2 §4). */
  locked: boolean;
  /** The list's document, for offline saves. */
  doc: Y.Doc | null;
  onClose: () => void;
};

export function useQuickMessageForm({
  item,
  general,
  userId,
  online,
  locked,
  doc,
  onClose,
}: Omit<QuickMessageModalProps, "admin">) {
  const { t } = useTranslation();
  const [fields, setFields] = useState<QuickMessageFields>({
    shortcode: item?.shortcode ?? "",
    message: item?.message ?? "",
    geral: general,
    visao: general || item?.visao === true,
  });
  const [media, setMedia] = useState<MediaChange>({ kind: "keep" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const saveQuickMessageOnline = useSaveQuickMessageOnline();
  const set = <K extends keyof QuickMessageFields>(key: K, value: QuickMessageFields[K]) =>
    setFields((f) => ({ ...f, [key]: value, ...(key === "visao" && value === false ? { geral: false } : {}) }));

  const mediaName =
    media.kind === "set" ? media.file.name.replace(/\s+/g, "_") : media.kind === "remove" ? null : item?.mediaName;
  const needsServer = media.kind !== "keep" || fields.geral !== general;

  async function submit() {
    if (saving || locked) return;
    const parsed = ZCreateQuickMessageRequestSchema.safeParse(fields);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error, QUICK_MESSAGE_MESSAGES));
    setErrors({});
    // Text fields go into the list's document itself (live for co-editors, offline too); a file or a move
    // between the general and the personal list needs the server (the REST calls, decision 0048).
    if (!needsServer) {
      if (!doc) return;
      saveToDocument(doc, { existing: item, userId, fields: { ...fields, ...parsed.data } });
      showToast(t("quickMessages.saved"), "info");
      return onClose();
    }
    if (!online) return showToast(t("quickMessages.modal.mediaNeedsConnection"));
    setSaving(true);
    try {
      await saveQuickMessageOnline({
        existing: item,
        existingGeral: general,
        fields: { ...fields, ...parsed.data },
        media,
      });
      showToast(t("quickMessages.saved"), "info");
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.body?.fields)
        setErrors(serverFieldErrors(err.body.fields, QUICK_MESSAGE_MESSAGES));
      else showToast(errorText(err));
    } finally {
      setSaving(false);
    }
  }

  // With a saved file, remove it on save; without one, drop the file just picked.
  const removeMedia = () => setMedia(item?.mediaPath ? { kind: "remove" } : { kind: "keep" });
  const pickMedia = (file: File) => setMedia({ kind: "set", file });

  return { fields, set, errors, saving, mediaName, needsServer, submit, removeMedia, pickMedia };
}
