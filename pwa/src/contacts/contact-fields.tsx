// The contact dialog's field groups (spec 1 §5 Contact form): the contact's own fields and switches, and its extra
// information rows.

import type { WhatsappDTO } from "@chatflow/core/contract/entities.ts";
import { useTranslation } from "react-i18next";
import { useReplicaWhatsapps } from "../connections/connections-data.ts";
import { Button, IconButton } from "../ui/button.tsx";
import { TextField } from "../ui/fields.tsx";
import { PlusIcon, TrashIcon } from "../ui/icons.tsx";
import { Select, SelectItem } from "../ui/select.tsx";
import { Checkbox } from "../ui/toggles.tsx";
import { type ContactFormState, type ExtraItem, NONE } from "./use-contact-form.ts";

type StateProps = { state: ContactFormState };

/** Name, number, e-mail, origin connection and the audio and chatbot switches. */
export function ContactMainFields({ state }: StateProps) {
  const { t } = useTranslation();
  const whatsapps = useReplicaWhatsapps() ?? [];
  const { form, set, errors } = state;
  const connectionItems: Pick<WhatsappDTO, "id" | "name">[] = [
    { id: NONE, name: t("contactsPage.dialog.noConnection") },
    ...whatsapps,
  ];
  return (
    <>
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
    </>
  );
}

/** The extra information: a name and a value per row, added and removed here. */
export function ContactExtraInfo({ state, extra }: StateProps & { extra: ExtraItem[] }) {
  const { t } = useTranslation();
  const { errors } = state;
  return (
    <fieldset className="contact-extra">
      <legend>{t("contactsPage.dialog.extraInfo")}</legend>
      {extra.map((item, i) => (
        <div className="contact-extra-item" key={item.key}>
          <TextField
            label={t("contactsPage.dialog.extraName")}
            value={item.name}
            onChange={(v) => state.patchExtra(item.key, { name: v })}
            errorMessage={errors[`extraInfo.${i}.name`]}
          />
          <TextField
            label={t("contactsPage.dialog.extraValue")}
            value={item.value}
            onChange={(v) => state.patchExtra(item.key, { value: v })}
            errorMessage={errors[`extraInfo.${i}.value`]}
          />
          <IconButton
            label={t("contactsPage.dialog.removeExtra", { name: item.name || i + 1 })}
            onPress={() => state.removeExtra(item.key)}
          >
            <TrashIcon />
          </IconButton>
        </div>
      ))}
      <Button size="small" icon={<PlusIcon />} onPress={state.addExtra}>
        {t("contactsPage.dialog.addExtra")}
      </Button>
    </fieldset>
  );
}
