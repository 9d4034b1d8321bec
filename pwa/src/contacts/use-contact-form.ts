// The contact dialog's form (spec 1 §5 Contact form): the fields, the extra information and tags read from core
// when editing, the check with the contract's schemas, and the save (queued, so it works offline).

import {
  type TExtraInfoItem,
  ZContactEmailSchema,
  ZContactNameSchema,
  ZContactNumberSchema,
  ZCreateContactRequestSchema,
  ZExtraInfoItemSchema,
} from "@chatflow/core/contract/contacts.ts";
import { type FormEvent, useEffect, useState } from "react";
import { z } from "zod";
import { fieldErrors } from "../i18n/form-errors.ts";
import { errorText } from "../i18n/translate-error.ts";
import type { ContactRow } from "./contact-list.ts";
import { useContactDetail, useCreateContact, useSyncContactTags, useUpdateContact } from "./contacts-data.ts";

/** The contract's messages this form shows beside the shared ones (i18n/form-errors.ts). */
export const CONTACT_MESSAGES: Record<string, string> = {
  "Invalid email": "contactsPage.validation.invalidEmail",
  "Invalid number": "contactsPage.validation.invalidNumber",
  "Selecione uma fila": "contactsPage.validation.selectQueue",
  "Selecione uma conexão": "contactsPage.validation.selectConnection",
};

/** An extra information row; `key` keeps its inputs apart while it has no id. */
export type ExtraItem = { id?: number; name: string; value: string; key: string };

type Form = {
  name: string;
  number: string;
  email: string;
  whatsappId: number;
  acceptAudioMessage: boolean;
  disableBot: boolean;
};

/** Select has no "empty" item; 0 stands for "no connection". */
export const NONE = 0;

let extraKey = 0;
const newKey = () => `x${++extraKey}`;

export type ContactFormState = ReturnType<typeof useContactForm>;

export function useContactForm({
  contact,
  online,
  onClose,
  onSaved,
}: {
  contact: ContactRow | null;
  online: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const source = contact?.source ?? null;
  const createContact = useCreateContact();
  const updateContact = useUpdateContact();
  const syncContactTags = useSyncContactTags();
  const [form, setForm] = useState<Form>({
    name: source?.name ?? "",
    number: source?.number ?? "",
    email: source?.email ?? "",
    whatsappId: source?.whatsappId ?? NONE,
    acceptAudioMessage: source?.acceptAudioMessage ?? true,
    disableBot: source?.disableBot ?? false,
  });
  const [extra, setExtra] = useState<ExtraItem[] | null>(source ? null : []);
  const [tagIds, setTagIds] = useState<number[] | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  // Editing: the extra information and tags live only in core.
  const detail = useContactDetail(source?.id ?? null, online);
  const detailError = detail.error;
  useEffect(() => {
    if (!detail.data) return;
    setExtra(detail.data.extraInfo.map((i) => ({ ...i, key: newKey() })));
    setTagIds(detail.data.tags.map((tag) => tag.id));
  }, [detail.data]);

  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));
  const extraItems = (extra ?? []).map(({ id, name, value }) => (id ? { id, name, value } : { name, value }));

  function validate(): Record<string, string> {
    if (!source) {
      const parsed = ZCreateContactRequestSchema.safeParse({
        ...form,
        whatsappId: form.whatsappId === NONE ? null : form.whatsappId,
        extraInfo: extraItems,
      });
      return parsed.success ? {} : fieldErrors(parsed.error, CONTACT_MESSAGES);
    }
    const shape = z.object({
      name: ZContactNameSchema,
      email: ZContactEmailSchema,
      extraInfo: z.array(ZExtraInfoItemSchema),
      // The number shown (masked for some) comes back unchanged; a new one must be a valid number.
      ...(form.number !== source.number ? { number: ZContactNumberSchema } : {}),
    });
    const parsed = shape.safeParse({ ...form, extraInfo: extraItems });
    return parsed.success ? {} : fieldErrors(parsed.error, CONTACT_MESSAGES);
  }

  async function save(event?: FormEvent) {
    event?.preventDefault();
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      const whatsappId = form.whatsappId === NONE ? null : form.whatsappId;
      if (!source) {
        await createContact(ZCreateContactRequestSchema.parse({ ...form, whatsappId, extraInfo: extraItems }));
      } else {
        await updateContact(source, {
          name: ZContactNameSchema.parse(form.name),
          number: form.number,
          email: ZContactEmailSchema.parse(form.email),
          whatsappId,
          acceptAudioMessage: form.acceptAudioMessage,
          disableBot: form.disableBot,
          ...(extra !== null ? { extraInfo: extraItems as TExtraInfoItem[] } : {}),
        });
        if (tagIds !== null) await syncContactTags(source.id, tagIds);
      }
      onSaved();
      onClose();
    } catch (err) {
      setErrors({ form: errorText(err) });
    } finally {
      setSaving(false);
    }
  }

  const patchExtra = (key: string, patch: Partial<ExtraItem>) =>
    setExtra((xs) => xs?.map((x) => (x.key === key ? { ...x, ...patch } : x)) ?? xs);
  const removeExtra = (key: string) => setExtra((xs) => xs?.filter((x) => x.key !== key) ?? xs);
  const addExtra = () => setExtra((xs) => [...(xs ?? []), { name: "", value: "", key: newKey() }]);

  return {
    source,
    form,
    set,
    extra,
    patchExtra,
    removeExtra,
    addExtra,
    tagIds,
    setTagIds,
    errors,
    saving,
    save,
    detailError,
    loadingDetail: source !== null && online && extra === null && !detailError,
  };
}
