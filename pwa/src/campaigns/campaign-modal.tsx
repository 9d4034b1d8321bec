// The campaign modal (spec 3 §2 "Campaigns page", §4): name, connection, contact list or tag, schedule,
// confirmation, up to five messages each with its confirmation message, an attachment, and openTicket with its
// user, queue and ticket status (disabled while openTicket is). Read-only unless the §4 rule allows a save.
import type { CampaignDTO } from "@chatflow/core/contract/campaigns.ts";
import { useTranslation } from "react-i18next";
import { FormModal } from "../ui/form-modal.tsx";
import { CampaignGeneralTab, CampaignMessagesTab } from "./campaign-tabs.tsx";
import { useCampaignChoices, useCampaignForm } from "./use-campaign-form.ts";

export function CampaignModal(p: {
  campaign: CampaignDTO | null;
  online: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const m = "campaignsPage.modal";
  const state = useCampaignForm(p);
  const choices = useCampaignChoices(p.online);
  const { editable, saving, tab, setTab } = state;

  return (
    <FormModal
      title={p.campaign ? t(editable ? `${m}.editTitle` : `${m}.viewTitle`) : t(`${m}.addTitle`)}
      onClose={p.onClose}
      onSubmit={() => void state.submit()}
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
          {
            id: "general",
            label: t(`${m}.general`),
            content: <CampaignGeneralTab state={state} choices={choices} />,
            "data-testid": "campaign-tab-general",
          },
          {
            id: "messages",
            label: t(`${m}.messages`),
            content: <CampaignMessagesTab state={state} />,
            "data-testid": "campaign-tab-messages",
          },
        ],
      }}
    />
  );
}
