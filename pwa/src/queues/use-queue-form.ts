// The queue modal's form (spec 2 §2 Queues): the fields, the tab the first error sends to, the save over REST, the
// hours tab's own save, and the choices the data tab offers (file lists, integrations, the chatbot tree).

import type { QueueAnswer } from "@chatflow/core/contract/queues.ts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSessionUser } from "../auth/use-session-user.ts";
import { useFileListChoices } from "../files/use-file-list-choices.ts";
import { errorText } from "../i18n/translate-error.ts";
import { useIntegrationChoices } from "../integrations/use-integration-choices.ts";
import { planAllows } from "../layout/app-routes.ts";
import { showToast } from "../ui/toasts.ts";
import {
  newQueueForm,
  type QueueErrors,
  type QueueForm,
  queueFormFrom,
  tabOfField,
  validateQueueForm,
} from "./queue-form.ts";
import { useQueueChatbots, useSaveQueue } from "./queues-data.ts";

export type QueueTabId = "data" | "hours";

export type QueueFormState = ReturnType<typeof useQueueForm>;

/** What the dialog takes (and its form hook, which takes all of it but what only the frame shows). */
export type QueueModalProps = {
  /** null adds a queue. */
  queue: QueueAnswer | null;
  /** How many queues the company has now. */
  queueCount: number;
  /** The company's scheduleType; "queue" shows the hours tab. */
  scheduleType: string;
  online: boolean;
  onClose: () => void;
  onSaved: () => void;
};

export function useQueueForm({ queue, queueCount, scheduleType, online, onClose, onSaved }: QueueModalProps) {
  const { t } = useTranslation();
  const [form, setForm] = useState<QueueForm>(() => (queue ? queueFormFrom(queue) : newQueueForm()));
  const [errors, setErrors] = useState<QueueErrors>({});
  const [tab, setTab] = useState<QueueTabId>("data");
  const [saving, setSaving] = useState(false);
  const saveQueue = useSaveQueue();
  const isNew = queue === null;
  const withHours = scheduleType === "queue";
  const set = <K extends keyof QueueForm>(key: K, value: QueueForm[K]) => setForm((f) => ({ ...f, [key]: value }));

  function showErrors(found: QueueErrors) {
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) setTab(tabOfField(first));
  }

  async function submit() {
    if (saving || !online) return;
    const found = validateQueueForm(form, { queueCount: isNew ? queueCount + 1 : queueCount, scheduleType });
    if (Object.keys(found).length > 0) return showErrors(found);
    setSaving(true);
    try {
      const outcome = await saveQueue(form, queue, withHours);
      if (!outcome.ok) {
        if (Object.keys(outcome.errors).length > 0) showErrors(outcome.errors);
        else showToast(errorText(outcome.error));
        return;
      }
      onSaved();
      showToast(t("queuesPage.toasts.saved"), "info");
      onClose();
    } finally {
      setSaving(false);
    }
  }

  /** The hours tab's own save: keep the hours in the form, back to the first tab, remind to save. */
  function keepHours() {
    const found = validateQueueForm(form, { queueCount, scheduleType });
    const hourErrors = Object.fromEntries(Object.entries(found).filter(([k]) => tabOfField(k) === "hours"));
    setErrors(hourErrors);
    if (Object.keys(hourErrors).length > 0) return;
    setTab("data");
    showToast(t("queuesPage.toasts.hoursKept"), "info");
  }

  return { form, set, errors, tab, setTab, saving, isNew, withHours, submit, keepHours };
}

export type QueueChoices = ReturnType<typeof useQueueChoices>;

/** What the data tab offers. Loaded with the modal, not the tab, so switching tabs does not load them again. */
export function useQueueChoices(queue: QueueAnswer | null, online: boolean) {
  const { chatbots, reload: loadTree } = useQueueChatbots(queue?.id ?? null, online);
  const fileLists = useFileListChoices(online);
  const user = useSessionUser();
  // Spec 2 §1: the integration select shows only when the plan has useIntegrations.
  const withIntegrations = user ? planAllows(user, "useIntegrations") : false;
  const integrations = useIntegrationChoices(online, withIntegrations);
  return { chatbots, loadTree, fileLists, withIntegrations, integrations };
}
