// The campaign modal's form (spec 3 §4): the fields, the §4 rule on whether it may still be saved, the tab the
// first error opens, the attachment, and the save through the admin modals' shared save step.

import { type CampaignDTO, isCampaignEditable } from "@chatflow/core/contract/campaigns.ts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useReplicaWhatsapps } from "../connections/connections-data.ts";
import { errorText } from "../i18n/translate-error.ts";
import { useModalSave } from "../layout/use-modal-save.ts";
import { useReplicaQueues } from "../queues/queues-data.ts";
import { useReplicaTags } from "../tags/tags-data.ts";
import { showToast } from "../ui/toasts.ts";
import { useReplicaUsers } from "../users/users-data.ts";
import { type CampaignForm, campaignFormFrom, validateCampaignForm } from "./campaign-form.ts";
import { useContactListChoices, useRemoveCampaignMedia, useSaveCampaign } from "./campaigns-data.ts";

/** The id of a select's 'none' entry. */
export const NONE = 0;

export type CampaignFormState = ReturnType<typeof useCampaignForm>;

export function useCampaignForm(p: {
  campaign: CampaignDTO | null;
  online: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [form, setForm] = useState<CampaignForm>(() => campaignFormFrom(p.campaign));
  const { saving, errors, run } = useModalSave();
  const [tab, setTab] = useState("general");
  const [file, setFile] = useState<File | null>(null);
  const [media, setMedia] = useState(p.campaign?.mediaName ?? null);
  const saveCampaign = useSaveCampaign();
  const removeCampaignMedia = useRemoveCampaignMedia();
  const editable = p.campaign === null || isCampaignEditable(p.campaign);
  const set = <K extends keyof CampaignForm>(key: K, value: CampaignForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const pick = (key: "whatsappId" | "contactListId" | "tagListId" | "userId" | "queueId") => (k: unknown) =>
    set(key, k === null || Number(k) === NONE ? null : Number(k));
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

  return {
    form,
    set,
    pick,
    saving,
    errors,
    tab,
    setTab,
    setFile,
    mediaName: file?.name ?? media,
    editable,
    ticketOff,
    online: p.online,
    submit,
    removeMedia,
  };
}

export type CampaignChoices = ReturnType<typeof useCampaignChoices>;

/** What the selects offer. Loaded with the modal, not the tab, so switching tabs does not load them again. */
export function useCampaignChoices(online: boolean) {
  const lists = useContactListChoices(online);
  const whatsapps = useReplicaWhatsapps() ?? [];
  const users = useReplicaUsers() ?? [];
  const queues = useReplicaQueues() ?? [];
  const tags = useReplicaTags() ?? [];
  return { lists, whatsapps, users, queues, tags };
}
