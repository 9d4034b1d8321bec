// The phrase campaign dialog (spec 2 §2 /phrase-lists "a create/edit dialog"): name, flow, connection, phrase and,
// when editing, the status toggle. Needs a connection, as the calls it makes.
import type { FlowCampaignDTO } from "@chatflow/core/contract/flow-campaigns.ts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useModalSave } from "../layout/use-modal-save.ts";
import { TextField } from "../ui/fields.tsx";
import { FormModal } from "../ui/form-modal.tsx";
import { Select, SelectItem } from "../ui/select.tsx";
import { showToast } from "../ui/toasts.ts";
import { Switch } from "../ui/toggles.tsx";
import {
  connectionMissing,
  type PhraseCampaignForm,
  phraseCampaignFormFrom,
  validatePhraseCampaignForm,
} from "./phrase-campaign-form.ts";
import { useSavePhraseCampaign } from "./phrase-lists-data.ts";

export type Choice = { id: number; name: string };

/** The "every connection" choice of the connection select. */
const ANY = 0;

export function PhraseCampaignModal({
  campaign,
  flows,
  connections,
  online,
  onClose,
  onSaved,
}: {
  /** null adds a campaign. */
  campaign: FlowCampaignDTO | null;
  flows: Choice[];
  connections: Choice[];
  online: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [form, setForm] = useState<PhraseCampaignForm>(() => phraseCampaignFormFrom(campaign));
  const { saving, errors, run } = useModalSave();
  const savePhraseCampaign = useSavePhraseCampaign();
  const set = <K extends keyof PhraseCampaignForm>(key: K, value: PhraseCampaignForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  async function submit() {
    if (!online) return;
    if (!(await run(validatePhraseCampaignForm(form), () => savePhraseCampaign(form, campaign)))) return;
    showToast(t(campaign ? "phraseListsPage.toasts.updated" : "phraseListsPage.toasts.created"), "info");
    onSaved();
    onClose();
  }

  const connectionItems = [{ id: ANY, name: t("phraseListsPage.modal.anyConnection") }, ...connections];
  return (
    <FormModal
      title={campaign ? t("phraseListsPage.modal.editTitle") : t("phraseListsPage.modal.addTitle")}
      onClose={onClose}
      onSubmit={() => void submit()}
      saving={saving}
      cancelLabel={t("phraseListsPage.modal.cancel")}
      saveLabel={t("phraseListsPage.modal.save")}
      saveDisabled={!online}
      data-testid="phrase-campaign-modal"
      save-testid="phrase-campaign-save"
    >
      <TextField
        label={t("phraseListsPage.modal.name")}
        value={form.name}
        onChange={(v) => set("name", v)}
        errorMessage={errors.name}
        isRequired
        data-testid="phrase-campaign-name"
      />
      <Select
        label={t("phraseListsPage.modal.flow")}
        items={flows}
        value={form.flowId}
        onChange={(id) => set("flowId", id === null ? null : Number(id))}
        errorMessage={errors.flowId}
        isRequired
        data-testid="phrase-campaign-flow"
      >
        {(f: Choice) => <SelectItem id={f.id}>{f.name}</SelectItem>}
      </Select>
      <Select
        label={t("phraseListsPage.modal.connection")}
        items={connectionItems}
        value={form.whatsappId ?? ANY}
        onChange={(id) => set("whatsappId", id === null || Number(id) === ANY ? null : Number(id))}
        description={connectionMissing(form) ? t("phraseListsPage.modal.connectionFlag") : undefined}
        errorMessage={errors.whatsappId}
        data-testid="phrase-campaign-connection"
      >
        {(c: Choice) => <SelectItem id={c.id}>{c.name}</SelectItem>}
      </Select>
      <TextField
        label={t("phraseListsPage.modal.phrase")}
        value={form.phrase}
        onChange={(v) => set("phrase", v)}
        errorMessage={errors.phrase}
        isRequired
        data-testid="phrase-campaign-phrase"
      />
      {campaign && (
        <Switch isSelected={form.status} onChange={(v) => set("status", v)} data-testid="phrase-campaign-status">
          {t("phraseListsPage.modal.status")}
        </Switch>
      )}
    </FormModal>
  );
}
