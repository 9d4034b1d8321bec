// The chatbot option editor of the queue modal (spec 2 §2: "a nested tree shown as a
// vertical stepper, each option can have child options"): each step shows its number
// path, name, type and message, with edit, add-child and delete (the spec's confirmation:
// children go too). Every change is one /chatbot call (REST, needs a connection).
import type { ChatbotAnswer } from "@chatflow/core/contract/chatbots.ts";
import { CHATBOT_OPTION_TYPES } from "@chatflow/core/contract/chatbots.ts";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFileListChoices } from "../files/use-file-list-choices.ts";
import { errorText } from "../i18n/translate-error.ts";
import { useIntegrationChoices } from "../integrations/use-integration-choices.ts";
import { Button, IconButton } from "../ui/button.tsx";
import { ConfirmDialog } from "../ui/dialog.tsx";
import { TextAreaField, TextField } from "../ui/fields.tsx";
import { EditIcon, PlusIcon, TrashIcon } from "../ui/icons.tsx";
import { Select, SelectItem } from "../ui/select.tsx";
import { showToast } from "../ui/toasts.ts";
import { Checkbox } from "../ui/toggles.tsx";
import { useReplicaUsers } from "../users/users-data.ts";
import { NONE, newOptionForm, type OptionForm, optionFormFrom, validateOptionForm } from "./option-form.ts";
import { useDeleteQueueOption, useReplicaQueues, useSaveQueueOption } from "./queues-data.ts";

type Editing =
  | { kind: "edit"; option: ChatbotAnswer }
  | { kind: "new"; parent: { queueId: number } | { chatbotId: number } }
  | null;

const parentKey = (p: { queueId: number } | { chatbotId: number }) =>
  "queueId" in p ? `q${p.queueId}` : `o${p.chatbotId}`;

export function OptionTree({
  queueId,
  options,
  online,
  onChanged,
}: {
  queueId: number;
  options: ChatbotAnswer[];
  online: boolean;
  /** Reloads the tree after a change. */
  onChanged: () => Promise<void> | void;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<Editing>(null);
  const saveOption = useSaveQueueOption();
  const deleteOption = useDeleteQueueOption();
  const [deleting, setDeleting] = useState<ChatbotAnswer | null>(null);
  const sectionRef = useRef<HTMLElement>(null);
  // The deleted step's button is gone, so the confirmation cannot give focus back to it: the add button takes it.
  const [refocus, setRefocus] = useState(0);
  useEffect(() => {
    if (refocus === 0) return;
    const frame = requestAnimationFrame(() =>
      sectionRef.current?.querySelector<HTMLElement>('[data-testid="option-add"]')?.focus(),
    );
    return () => cancelAnimationFrame(frame);
  }, [refocus]);

  async function remove(option: ChatbotAnswer) {
    await deleteOption(option.id);
    showToast(t("queuesPage.options.deleted"), "info");
    if (editing?.kind === "edit" && editing.option.id === option.id) setEditing(null);
    await onChanged();
    setRefocus((n) => n + 1);
  }

  const editorFor = (target: Exclude<Editing, null>) => (
    <OptionEditor
      key={target.kind === "edit" ? `e${target.option.id}` : parentKey(target.parent)}
      initial={target.kind === "edit" ? optionFormFrom(target.option) : newOptionForm()}
      online={online}
      onCancel={() => setEditing(null)}
      onSave={async (form) => {
        const outcome = await saveOption(form, target.kind === "edit" ? { existing: target.option } : target.parent);
        if (!outcome.ok) return outcome.errors;
        showToast(t("queuesPage.options.saved"), "info");
        setEditing(null);
        await onChanged();
        return null;
      }}
    />
  );

  function steps(list: ChatbotAnswer[], prefix: string, label: string) {
    return (
      <ol className="option-steps" aria-label={label}>
        {list.map((o, i) => {
          const number = `${prefix}${i + 1}`;
          const addingHere = editing?.kind === "new" && parentKey(editing.parent) === `o${o.id}`;
          const editingHere = editing?.kind === "edit" && editing.option.id === o.id;
          return (
            <li key={o.id} className="option-step" data-testid="option-step">
              <div className="option-step-head">
                <span className="option-step-number" aria-hidden="true">
                  {number}
                </span>
                <span className="option-step-name">
                  <span className="visually-hidden">{number} </span>
                  {o.name}
                </span>
                <span className="option-step-type">{t(`queuesPage.options.types.${o.queueType}`)}</span>
                <span className="option-step-actions">
                  <IconButton
                    label={t("queuesPage.options.edit", { name: o.name })}
                    onPress={() => setEditing({ kind: "edit", option: o })}
                    isDisabled={!online}
                    data-testid="option-edit"
                  >
                    <EditIcon />
                  </IconButton>
                  <IconButton
                    label={t("queuesPage.options.addChild", { name: o.name })}
                    onPress={() => setEditing({ kind: "new", parent: { chatbotId: o.id } })}
                    isDisabled={!online}
                    data-testid="option-add-child"
                  >
                    <PlusIcon />
                  </IconButton>
                  <IconButton
                    label={t("queuesPage.options.delete", { name: o.name })}
                    onPress={() => setDeleting(o)}
                    isDisabled={!online}
                    data-testid="option-delete"
                  >
                    <TrashIcon />
                  </IconButton>
                </span>
              </div>
              {o.greetingMessage && !editingHere && <p className="option-step-greeting">{o.greetingMessage}</p>}
              {editingHere && editorFor(editing)}
              {o.options.length > 0 &&
                steps(o.options, `${number}.`, t("queuesPage.options.childrenLabel", { name: o.name }))}
              {addingHere && editorFor(editing)}
            </li>
          );
        })}
      </ol>
    );
  }

  const addingRoot = editing?.kind === "new" && parentKey(editing.parent) === `q${queueId}`;
  return (
    <section ref={sectionRef} className="option-tree" aria-labelledby="option-tree-title" data-testid="option-tree">
      <h3 id="option-tree-title" className="option-tree-title">
        {t("queuesPage.options.title")}
      </h3>
      {options.length === 0 && !addingRoot && <p className="option-tree-empty">{t("queuesPage.options.empty")}</p>}
      {options.length > 0 && steps(options, "", t("queuesPage.options.treeLabel"))}
      {addingRoot && editorFor(editing)}
      {!addingRoot && (
        <Button
          size="small"
          icon={<PlusIcon />}
          onPress={() => setEditing({ kind: "new", parent: { queueId } })}
          isDisabled={!online}
          data-testid="option-add"
        >
          {t("queuesPage.options.add")}
        </Button>
      )}
      <ConfirmDialog
        isOpen={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t("queuesPage.options.deleteConfirm.title", { name: deleting?.name ?? "" })}
        confirmLabel={t("queuesPage.options.deleteConfirm.confirm")}
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
        data-testid="option-delete-confirm"
      >
        {t("queuesPage.options.deleteConfirm.text")}
      </ConfirmDialog>
    </section>
  );
}

/** One option's fields, inline in the stepper. Enter in a one-line field saves the option, not the queue. */
function OptionEditor({
  initial,
  online,
  onSave,
  onCancel,
}: {
  initial: OptionForm;
  online: boolean;
  /** Answers field errors when refused. */
  onSave: (form: OptionForm) => Promise<Record<string, string> | null>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const queues = useReplicaQueues() ?? [];
  const users = useReplicaUsers() ?? [];
  const fileLists = useFileListChoices(online);
  const integrations = useIntegrationChoices(online, true);
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof OptionForm>(key: K, value: OptionForm[K]) => setForm((f) => ({ ...f, [key]: value }));

  async function save() {
    if (saving || !online) return;
    const found = validateOptionForm(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      const refused = await onSave(form);
      if (refused) setErrors(refused);
    } catch (err) {
      showToast(errorText(err));
    } finally {
      setSaving(false);
    }
  }

  function onKeyDown(e: KeyboardEvent<HTMLFieldSetElement>) {
    if (e.key === "Enter" && e.target instanceof HTMLInputElement) {
      e.preventDefault();
      e.stopPropagation();
      void save();
    }
  }

  const type = form.queueType;
  return (
    <fieldset className="option-editor" onKeyDown={onKeyDown} data-testid="option-editor">
      <legend className="visually-hidden">{t("queuesPage.options.title")}</legend>
      <TextField
        label={t("queuesPage.options.name")}
        value={form.name}
        onChange={(v) => set("name", v)}
        errorMessage={errors.name}
        isRequired
        autoFocus
        data-testid="option-name"
      />
      <TextAreaField
        label={t("queuesPage.options.greeting")}
        description={t("queuesPage.options.greetingHelp")}
        value={form.greetingMessage}
        onChange={(v) => set("greetingMessage", v)}
        rows={2}
        data-testid="option-greeting"
      />
      <Select
        label={t("queuesPage.options.type")}
        items={CHATBOT_OPTION_TYPES.map((id) => ({ id, name: t(`queuesPage.options.types.${id}`) }))}
        value={type}
        onChange={(k) => set("queueType", (k ?? "text") as OptionForm["queueType"])}
        data-testid="option-type"
      >
        {(o) => <SelectItem id={o.id}>{o.name}</SelectItem>}
      </Select>
      {(type === "queue" || type === "attendent") && (
        <Select
          label={t("queuesPage.options.queue")}
          items={queues}
          value={form.optQueueId === NONE ? null : form.optQueueId}
          onChange={(k) => set("optQueueId", Number(k ?? NONE))}
          errorMessage={errors.optQueueId}
          data-testid="option-queue"
        >
          {(q) => <SelectItem id={q.id}>{q.name}</SelectItem>}
        </Select>
      )}
      {type === "attendent" && (
        <Select
          label={t("queuesPage.options.user")}
          items={users}
          value={form.optUserId === NONE ? null : form.optUserId}
          onChange={(k) => set("optUserId", Number(k ?? NONE))}
          errorMessage={errors.optUserId}
          data-testid="option-user"
        >
          {(u) => <SelectItem id={u.id}>{u.name}</SelectItem>}
        </Select>
      )}
      {type === "integration" && (
        <Select
          label={t("queuesPage.options.integration")}
          items={integrations}
          value={form.optIntegrationId === "" ? null : Number(form.optIntegrationId)}
          onChange={(k) => set("optIntegrationId", k === null ? "" : String(k))}
          errorMessage={errors.optIntegrationId}
          data-testid="option-integration"
        >
          {(i) => <SelectItem id={i.id}>{i.name}</SelectItem>}
        </Select>
      )}
      {type === "file" && (
        <Select
          label={t("queuesPage.options.file")}
          items={fileLists}
          value={form.optFileId === "" ? null : Number(form.optFileId)}
          onChange={(k) => set("optFileId", k === null ? "" : String(k))}
          errorMessage={errors.optFileId}
          data-testid="option-file"
        >
          {(f) => <SelectItem id={f.id}>{f.name}</SelectItem>}
        </Select>
      )}
      <Checkbox isSelected={form.closeTicket} onChange={(v) => set("closeTicket", v)}>
        {t("queuesPage.options.closeTicket")}
      </Checkbox>
      <div className="option-editor-actions">
        <Button size="small" variant="secondary" onPress={onCancel} isDisabled={saving}>
          {t("queuesPage.options.cancel")}
        </Button>
        <Button
          size="small"
          variant="primary"
          onPress={() => void save()}
          isPending={saving}
          isDisabled={!online}
          data-testid="option-save"
        >
          {t("queuesPage.options.save")}
        </Button>
      </div>
    </fieldset>
  );
}
