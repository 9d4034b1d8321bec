// The campaign modal (spec 3 §2 "Campaigns page", §4): name, connection, contact list or tag, schedule,
// confirmation, up to five messages each with its confirmation message, an attachment, and openTicket with its
// user, queue and ticket status (disabled while openTicket is). Read-only unless the §4 rule allows a save.
import { CAMPAIGN_MESSAGE_SLOTS, type CampaignDTO, isCampaignEditable } from "@chatflow/core/contract/campaigns.ts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useReplicaWhatsapps } from "../connections/connections-data.ts";
import { errorText } from "../i18n/translate-error.ts";
import { useModalSave } from "../layout/use-modal-save.ts";
import { useReplicaQueues } from "../queues/queues-data.ts";
import { useReplicaTags } from "../tags/tags-data.ts";
import { Button } from "../ui/button.tsx";
import { TextAreaField, TextField } from "../ui/fields.tsx";
import { FileButton } from "../ui/file-button.tsx";
import { FormModal } from "../ui/form-modal.tsx";
import { PaperclipIcon, TrashIcon } from "../ui/icons.tsx";
import { Select, SelectItem } from "../ui/select.tsx";
import { showToast } from "../ui/toasts.ts";
import { Checkbox } from "../ui/toggles.tsx";
import { useReplicaUsers } from "../users/users-data.ts";
import { type CampaignForm, campaignFormFrom, validateCampaignForm } from "./campaign-form.ts";
import { useContactListChoices, useRemoveCampaignMedia, useSaveCampaign } from "./campaigns-data.ts";

type Option = { id: number; name: string };
const NONE = 0;

export function CampaignModal(p: {
  campaign: CampaignDTO | null;
  online: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const m = "campaignsPage.modal";
  const [form, setForm] = useState<CampaignForm>(() => campaignFormFrom(p.campaign));
  const { saving, errors, run } = useModalSave();
  const [tab, setTab] = useState("general");
  const [file, setFile] = useState<File | null>(null);
  const [media, setMedia] = useState(p.campaign?.mediaName ?? null);
  const lists = useContactListChoices(p.online);
  const whatsapps = useReplicaWhatsapps() ?? [];
  const users = useReplicaUsers() ?? [];
  const queues = useReplicaQueues() ?? [];
  const tags = useReplicaTags() ?? [];
  const saveCampaign = useSaveCampaign();
  const removeCampaignMedia = useRemoveCampaignMedia();
  const editable = p.campaign === null || isCampaignEditable(p.campaign);
  const set = <K extends keyof CampaignForm>(key: K, value: CampaignForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const pick = (key: "whatsappId" | "contactListId" | "tagListId" | "userId" | "queueId") => (k: unknown) =>
    set(key, k === null || Number(k) === NONE ? null : Number(k));
  const withNone = (items: Option[]) => [{ id: NONE, name: t(`${m}.none`) }, ...items];
  const ticketOff = form.openTicket !== "enabled" || !editable;

  async function submit() {
    if (!p.online || !editable) return;
    const found = validateCampaignForm(form);
    if (Object.keys(found).length > 0) {
      setTab(
        Object.keys(found).some((k) => k.startsWith("message") || k.startsWith("confirmation"))
          ? "messages"
          : "general",
      );
    }
    // The media goes up in the same pending save, once the campaign has its id.
    const save = () => saveCampaign(form, p.campaign, file);
    if (!(await run(found, save))) return;
    showToast(t("campaignsPage.toasts.saved"), "info");
    p.onSaved();
    p.onClose();
  }

  async function removeMedia() {
    if (!p.campaign) return setFile(null);
    try {
      await removeCampaignMedia(p.campaign.id);
      setMedia(null);
      p.onSaved();
    } catch (err) {
      showToast(errorText(err));
    }
  }

  const general = (
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
        items={whatsapps.map((w) => ({ id: w.id, name: w.name }))}
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
        items={withNone(lists)}
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
        items={withNone(tags.map((g) => ({ id: g.id, name: g.name })))}
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
        items={withNone(users.map((u) => ({ id: u.id, name: u.name })))}
        value={form.userId ?? NONE}
        onChange={pick("userId")}
        isDisabled={ticketOff}
        data-testid="campaign-user"
      >
        {(o) => <SelectItem id={o.id}>{o.name}</SelectItem>}
      </Select>
      <Select
        label={t(`${m}.queue`)}
        items={withNone(queues.map((q) => ({ id: q.id, name: q.name })))}
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
      <div className="campaign-row">
        <FileButton
          onSelect={(files) => setFile(files[0] ?? null)}
          icon={<PaperclipIcon />}
          isDisabled={!editable || !p.online}
          data-testid="campaign-attach"
        >
          {t(`${m}.attach`)}
        </FileButton>
        {(file?.name ?? media) && (
          <Button
            variant="ghost"
            icon={<TrashIcon />}
            onPress={() => void removeMedia()}
            isDisabled={!editable || !p.online}
            aria-label={t(`${m}.removeMedia`, { name: file?.name ?? media })}
          >
            {file?.name ?? media}
          </Button>
        )}
      </div>
    </div>
  );

  const messages = (
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

  return (
    <FormModal
      title={p.campaign ? t(editable ? `${m}.editTitle` : `${m}.viewTitle`) : t(`${m}.addTitle`)}
      onClose={p.onClose}
      onSubmit={() => void submit()}
      saving={saving}
      cancelLabel={editable ? t(`${m}.cancel`) : t(`${m}.close`)}
      saveLabel={t(`${m}.save`)}
      saveDisabled={!p.online || !editable}
      note={p.online ? null : t("campaignsPage.needsConnection")}
      size="large"
      data-testid="campaign-modal"
      save-testid="campaign-save"
      tabs={{
        label: t(`${m}.tabs`),
        selected: tab,
        onChange: setTab,
        items: [
          { id: "general", label: t(`${m}.general`), content: general, "data-testid": "campaign-tab-general" },
          { id: "messages", label: t(`${m}.messages`), content: messages, "data-testid": "campaign-tab-messages" },
        ],
      }}
    />
  );
}
