// The contact dialog (spec 1 §2 Dialogs "contact edit"; §5 Contact form): name, number,
// e-mail, origin connection, the audio and chatbot switches, extra information and tags,
// validated with the contract's schemas and messages. Saving queues the change (works
// offline); extra information and tags are read from core, so they need a connection.
import {
  type TagDTO,
  type TExtraInfoItem,
  ZContactEmailSchema,
  ZContactNameSchema,
  ZContactNumberSchema,
  ZCreateContactRequestSchema,
  ZExtraInfoItemSchema,
} from "@chatflow/core/contract/contacts.ts";
import type { WhatsappDTO } from "@chatflow/core/contract/entities.ts";
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { useReplicaWhatsapps } from "../connections/connections-data.ts";
import { fieldErrors } from "../i18n/form-errors.ts";
import { errorText } from "../i18n/translate-error.ts";
import { Button, IconButton } from "../ui/button.tsx";
import { TextField } from "../ui/fields.tsx";
import { FormModal } from "../ui/form-modal.tsx";
import { PlusIcon, TrashIcon } from "../ui/icons.tsx";
import { Select, SelectItem } from "../ui/select.tsx";
import { Spinner } from "../ui/spinner.tsx";
import { Checkbox } from "../ui/toggles.tsx";
import type { ContactRow } from "./contact-list.ts";
import { useContactDetail, useCreateContact, useSyncContactTags, useUpdateContact } from "./contacts-data.ts";

/** The contract's messages this form shows beside the shared ones (i18n/form-errors.ts). */
export const CONTACT_MESSAGES: Record<string, string> = {
  "Invalid email": "contactsPage.validation.invalidEmail",
  "Invalid number": "contactsPage.validation.invalidNumber",
  "Selecione uma fila": "contactsPage.validation.selectQueue",
  "Selecione uma conexão": "contactsPage.validation.selectConnection",
};

type ExtraItem = { id?: number; name: string; value: string; key: string };

type Form = {
  name: string;
  number: string;
  email: string;
  whatsappId: number;
  acceptAudioMessage: boolean;
  disableBot: boolean;
};

/** Select has no "empty" item; 0 stands for "no connection". */
const NONE = 0;

let extraKey = 0;
const newKey = () => `x${++extraKey}`;

export function ContactDialog({
  contact,
  online,
  tags,
  onClose,
  onSaved,
}: {
  /** null adds a contact. */
  contact: ContactRow | null;
  online: boolean;
  tags: TagDTO[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const source = contact?.source ?? null;
  const whatsapps = useReplicaWhatsapps() ?? [];
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

  const connectionItems: Pick<WhatsappDTO, "id" | "name">[] = [
    { id: NONE, name: t("contactsPage.dialog.noConnection") },
    ...whatsapps,
  ];
  const loadingDetail = source !== null && online && extra === null && !detailError;

  return (
    <FormModal
      title={source ? t("contactsPage.dialog.editTitle") : t("contactsPage.dialog.addTitle")}
      onClose={onClose}
      onSubmit={(e) => void save(e)}
      saving={saving}
      cancelLabel={t("contactsPage.dialog.cancel")}
      saveLabel={t("contactsPage.dialog.save")}
      data-testid="contact-dialog"
      save-testid="contact-save"
    >
      <div className="contact-form">
        <TextField
          label={t("contactsPage.dialog.name")}
          value={form.name}
          onChange={(v) => set("name", v)}
          errorMessage={errors.name}
          isRequired
          autoFocus
          data-testid="contact-name"
        />
        <TextField
          label={t("contactsPage.dialog.number")}
          description={t("contactsPage.dialog.numberHint")}
          value={form.number}
          onChange={(v) => set("number", v)}
          errorMessage={errors.number}
          isRequired
          inputMode="tel"
          data-testid="contact-number"
        />
        <TextField
          label={t("contactsPage.dialog.email")}
          type="email"
          value={form.email}
          onChange={(v) => set("email", v)}
          errorMessage={errors.email}
          data-testid="contact-email"
        />
        <Select
          label={t("contactsPage.dialog.connection")}
          items={connectionItems}
          value={form.whatsappId}
          onChange={(key) => set("whatsappId", Number(key ?? NONE))}
          data-testid="contact-connection"
        >
          {(w) => <SelectItem id={w.id}>{w.name}</SelectItem>}
        </Select>
        <Checkbox isSelected={form.acceptAudioMessage} onChange={(v) => set("acceptAudioMessage", v)}>
          {t("contactsPage.dialog.acceptAudio")}
        </Checkbox>
        <Checkbox isSelected={form.disableBot} onChange={(v) => set("disableBot", v)}>
          {t("contactsPage.dialog.disableBot")}
        </Checkbox>

        {source && !online && <p className="contact-form-note">{t("contactsPage.dialog.detailsOffline")}</p>}
        {detailError !== null && <p className="contact-form-note">{errorText(detailError)}</p>}
        {loadingDetail && <Spinner />}

        {source && tagIds !== null && (
          <Select<TagDTO, "multiple">
            label={t("contactsPage.dialog.tags")}
            selectionMode="multiple"
            items={tags}
            value={tagIds}
            onChange={(keys) => setTagIds((keys as number[]).map(Number))}
            placeholder={t("contactsPage.dialog.noTags")}
            data-testid="contact-tags"
          >
            {(tag) => <SelectItem id={tag.id}>{tag.name}</SelectItem>}
          </Select>
        )}
        {!source && <p className="contact-form-note">{t("contactsPage.dialog.tagsAfterCreate")}</p>}

        {extra !== null && (
          <fieldset className="contact-extra">
            <legend>{t("contactsPage.dialog.extraInfo")}</legend>
            {extra.map((item, i) => (
              <div className="contact-extra-item" key={item.key}>
                <TextField
                  label={t("contactsPage.dialog.extraName")}
                  value={item.name}
                  onChange={(v) => setExtra((xs) => xs?.map((x) => (x.key === item.key ? { ...x, name: v } : x)) ?? xs)}
                  errorMessage={errors[`extraInfo.${i}.name`]}
                />
                <TextField
                  label={t("contactsPage.dialog.extraValue")}
                  value={item.value}
                  onChange={(v) =>
                    setExtra((xs) => xs?.map((x) => (x.key === item.key ? { ...x, value: v } : x)) ?? xs)
                  }
                  errorMessage={errors[`extraInfo.${i}.value`]}
                />
                <IconButton
                  label={t("contactsPage.dialog.removeExtra", { name: item.name || i + 1 })}
                  onPress={() => setExtra((xs) => xs?.filter((x) => x.key !== item.key) ?? xs)}
                >
                  <TrashIcon />
                </IconButton>
              </div>
            ))}
            <Button
              size="small"
              icon={<PlusIcon />}
              onPress={() => setExtra((xs) => [...(xs ?? []), { name: "", value: "", key: newKey() }])}
            >
              {t("contactsPage.dialog.addExtra")}
            </Button>
          </fieldset>
        )}
        {errors.form && (
          <p className="contact-form-error" role="alert">
            {errors.form}
          </p>
        )}
      </div>
    </FormModal>
  );
}
