// The campaign modal's tabs (spec 3 §2 "Campaigns page"): general (name, connection, audience, schedule, the ticket
// it opens, the attachment) and messages (up to five, each with its confirmation message).

import { CAMPAIGN_MESSAGE_SLOTS } from "@chatflow/core/contract/campaigns.ts";
import { useTranslation } from "react-i18next";
import { Button } from "../ui/button.tsx";
import { TextAreaField, TextField } from "../ui/fields.tsx";
import { FileButton } from "../ui/file-button.tsx";
import { PaperclipIcon, TrashIcon } from "../ui/icons.tsx";
import { Select, SelectItem } from "../ui/select.tsx";
import { Checkbox } from "../ui/toggles.tsx";
import type { CampaignForm } from "./campaign-form.ts";
import { type CampaignChoices, type CampaignFormState, NONE } from "./use-campaign-form.ts";

type Option = { id: number; name: string };
type Props = { state: CampaignFormState; choices: CampaignChoices };

const m = "campaignsPage.modal";

/** The options of a select that may be left empty, 'none' first. */
function useWithNone() {
  const { t } = useTranslation();
  return (items: Option[]) => [{ id: NONE, name: t(`${m}.none`) }, ...items];
}

export function CampaignGeneralTab({ state, choices }: Props) {
  const { t } = useTranslation();
  const withNone = useWithNone();
  const { form, set, pick, errors, editable } = state;
  return (
    <div className="campaign-form">
      {!editable && (
        <p className="campaign-read-only" role="status">
          {t(`${m}.readOnly`)}
        </p>
      )}
      <TextField
        label={t(`${m}.name`)}
        value={form.name}
        onChange={(v) => set("name", v)}
        errorMessage={errors.name}
        isRequired
        isDisabled={!editable}
        data-testid="campaign-name"
      />
      <Select
        label={t(`${m}.whatsapp`)}
        items={choices.whatsapps.map((w) => ({ id: w.id, name: w.name }))}
        value={form.whatsappId}
        onChange={pick("whatsappId")}
        errorMessage={errors.whatsappId}
        isRequired
        isDisabled={!editable}
        data-testid="campaign-whatsapp"
      >
        {(o) => <SelectItem id={o.id}>{o.name}</SelectItem>}
      </Select>
      <Select
        label={t(`${m}.contactList`)}
        items={withNone(choices.lists)}
        value={form.contactListId ?? NONE}
        onChange={pick("contactListId")}
        errorMessage={errors.contactListId}
        isDisabled={!editable}
        data-testid="campaign-contact-list"
      >
        {(o) => <SelectItem id={o.id}>{o.name}</SelectItem>}
      </Select>
      <Select
        label={t(`${m}.tagList`)}
        items={withNone(choices.tags.map((g) => ({ id: g.id, name: g.name })))}
        value={form.tagListId ?? NONE}
        onChange={pick("tagListId")}
        isDisabled={!editable}
        data-testid="campaign-tag-list"
      >
        {(o) => <SelectItem id={o.id}>{o.name}</SelectItem>}
      </Select>
      <TextField
        label={t(`${m}.scheduledAt`)}
        type="datetime-local"
        value={form.scheduledAt}
        onChange={(v) => set("scheduledAt", v)}
        errorMessage={errors.scheduledAt}
        isDisabled={!editable}
        data-testid="campaign-scheduled-at"
      />
      <CampaignTicketFields state={state} choices={choices} />
      <CampaignMediaRow state={state} />
    </div>
  );
}

/** The confirmation switch, and the ticket each send opens: its user, queue and status. */
function CampaignTicketFields({ state, choices }: Props) {
  const { t } = useTranslation();
  const withNone = useWithNone();
  const { form, set, pick, errors, editable, ticketOff } = state;
  return (
    <>
      <div className="campaign-row">
        <Checkbox
          isSelected={form.confirmation}
          onChange={(v) => set("confirmation", v)}
          isDisabled={!editable}
          data-testid="campaign-confirmation"
        >
          {t(`${m}.confirmation`)}
        </Checkbox>
        <Checkbox
          isSelected={form.openTicket === "enabled"}
          onChange={(v) => set("openTicket", v ? "enabled" : "disabled")}
          isDisabled={!editable}
          data-testid="campaign-open-ticket"
        >
          {t(`${m}.openTicket`)}
        </Checkbox>
      </div>
      <Select
        label={t(`${m}.user`)}
        items={withNone(choices.users.map((u) => ({ id: u.id, name: u.name })))}
        value={form.userId ?? NONE}
        onChange={pick("userId")}
        isDisabled={ticketOff}
        data-testid="campaign-user"
      >
        {(o) => <SelectItem id={o.id}>{o.name}</SelectItem>}
      </Select>
      <Select
        label={t(`${m}.queue`)}
        items={withNone(choices.queues.map((q) => ({ id: q.id, name: q.name })))}
        value={form.queueId ?? NONE}
        onChange={pick("queueId")}
        errorMessage={errors.queueId}
        isDisabled={ticketOff}
        data-testid="campaign-queue"
      >
        {(o) => <SelectItem id={o.id}>{o.name}</SelectItem>}
      </Select>
      <Select
        label={t(`${m}.statusTicket`)}
        items={(["closed", "pending", "open"] as const).map((s) => ({ id: s, name: t(`${m}.ticketStatus.${s}`) }))}
        value={form.statusTicket}
        onChange={(k) => set("statusTicket", String(k) as CampaignForm["statusTicket"])}
        isDisabled={ticketOff}
        data-testid="campaign-status-ticket"
      >
        {(o) => <SelectItem id={o.id}>{o.name}</SelectItem>}
      </Select>
    </>
  );
}

/** The attachment: pick a file, or remove the one picked or saved. */
function CampaignMediaRow({ state }: { state: CampaignFormState }) {
  const { t } = useTranslation();
  const { editable, online, mediaName } = state;
  return (
    <div className="campaign-row">
      <FileButton
        onSelect={(files) => state.setFile(files[0] ?? null)}
        icon={<PaperclipIcon />}
        isDisabled={!editable || !online}
        data-testid="campaign-attach"
      >
        {t(`${m}.attach`)}
      </FileButton>
      {mediaName && (
        <Button
          variant="ghost"
          icon={<TrashIcon />}
          onPress={() => void state.removeMedia()}
          isDisabled={!editable || !online}
          aria-label={t(`${m}.removeMedia`, { name: mediaName })}
        >
          {mediaName}
        </Button>
      )}
    </div>
  );
}

export function CampaignMessagesTab({ state }: { state: CampaignFormState }) {
  const { t } = useTranslation();
  const { form, set, errors, editable } = state;
  return (
    <div className="campaign-form">
      <p className="field-description">{t(`${m}.variables`)}</p>
      {CAMPAIGN_MESSAGE_SLOTS.map((n) => (
        <div key={n} className="campaign-message">
          <TextAreaField
            label={t(`${m}.message`, { n })}
            value={form[`message${n}`]}
            onChange={(v) => set(`message${n}`, v)}
            errorMessage={errors[`message${n}`]}
            rows={3}
            isDisabled={!editable}
            data-testid={`campaign-message${n}`}
          />
          {form.confirmation && (
            <TextAreaField
              label={t(`${m}.confirmationMessage`, { n })}
              value={form[`confirmationMessage${n}`]}
              onChange={(v) => set(`confirmationMessage${n}`, v)}
              errorMessage={errors[`confirmationMessage${n}`]}
              rows={2}
              isDisabled={!editable}
              data-testid={`campaign-confirmation-message${n}`}
            />
          )}
        </div>
      ))}
    </div>
  );
}
