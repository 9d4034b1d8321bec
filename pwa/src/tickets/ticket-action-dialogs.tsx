// The dialogs of the ticket actions (spec 1 §2 Dialogs, §5): choose a queue to accept or reopen
// a ticket that has none, transfer (queue, user, connection, note), and the delete confirmation.
import type { QueueDTO, TicketDTO, UserDTO } from "@chatflow/core/contract/entities.ts";
import { useMemo, useState } from "react";
import type { Key } from "react-aria-components/Select";
import { useTranslation } from "react-i18next";
import { useWhatsappsById } from "../connections/connections-data.ts";
import { useQueuesById, useQueuesByName } from "../queues/queues-data.ts";
import { Button } from "../ui/button.tsx";
import { ConfirmDialog, Modal } from "../ui/dialog.tsx";
import { TextAreaField } from "../ui/fields.tsx";
import { ComboBox, Select, SelectItem } from "../ui/select.tsx";
import { useUsersById } from "../users/users-data.ts";
import { filterUsers } from "./pickers.ts";
import type { TransferChoice } from "./ticket-actions.ts";

/** The queues a user picks from: their own, or the company's when they have none (admins). */
export function useQueueChoices(user: Pick<UserDTO, "queues"> | null): QueueDTO[] {
  const all = useQueuesById();
  return useMemo(() => {
    const own = new Set((user?.queues ?? []).map((q) => q.id));
    const mine = all.filter((q) => own.has(q.id));
    return mine.length > 0 ? mine : all;
  }, [all, user?.queues]);
}

const asNumber = (key: Key | null) => (key === null ? null : Number(key));

export function QueueChoiceDialog({
  isOpen,
  onOpenChange,
  kind,
  queues,
  onChoose,
}: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  kind: "accept" | "reopen";
  queues: QueueDTO[];
  onChoose: (queueId: number) => void;
}) {
  const { t } = useTranslation();
  // spec 1 §5: a single queue is preselected.
  const [queueId, setQueueId] = useState<number | null>(queues.length === 1 ? (queues[0]?.id ?? null) : null);
  const [error, setError] = useState<string | null>(null);
  const chosen = queueId ?? (queues.length === 1 ? (queues[0]?.id ?? null) : null);
  const submit = () => {
    if (chosen === null) {
      setError(t("ticketActions.queueDialog.required"));
      return;
    }
    onChoose(chosen);
    onOpenChange(false);
  };
  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      size="small"
      title={
        kind === "accept" ? t("ticketActions.queueDialog.acceptTitle") : t("ticketActions.queueDialog.reopenTitle")
      }
      onSubmit={submit}
      data-testid="queue-choice-dialog"
      actions={
        <>
          <Button onPress={() => onOpenChange(false)}>{t("ui.cancel")}</Button>
          <Button variant="primary" type="submit" data-testid="queue-choice-submit">
            {t("ticketActions.queueDialog.start")}
          </Button>
        </>
      }
    >
      <Select
        label={t("ticketActions.queueDialog.queue")}
        items={queues}
        value={chosen}
        onChange={(key) => {
          setQueueId(asNumber(key as Key | null));
          setError(null);
        }}
        errorMessage={error}
        isRequired
        data-testid="queue-choice-select"
      >
        {(q) => <SelectItem id={q.id}>{q.name}</SelectItem>}
      </Select>
    </Modal>
  );
}

export function TransferDialog({
  isOpen,
  onOpenChange,
  ticket,
  onTransfer,
}: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  ticket: Pick<TicketDTO, "queueId" | "whatsappId" | "channel">;
  onTransfer: (choice: TransferChoice) => void;
}) {
  const { t } = useTranslation();
  const queues = useQueuesByName();
  const users = useUsersById();
  const whatsapps = useWhatsappsById();
  const [queueId, setQueueId] = useState<number | null>(ticket.queueId);
  const [userId, setUserId] = useState<number | null>(null);
  const [userText, setUserText] = useState("");
  const [whatsappId, setWhatsappId] = useState<number | null>(ticket.whatsappId);
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  const people = useMemo(() => [...users].sort((a, b) => a.name.localeCompare(b.name)), [users]);
  // A transfer keeps the contact's channel: only connections of that channel are offered.
  const connections = whatsapps.filter((w) => w.channel === ticket.channel);

  const submit = () => {
    if (queueId === null) {
      setError(t("ticketActions.transferDialog.required"));
      return;
    }
    // A name typed but not picked from the list means no user.
    const chosen = userId !== null && people.find((u) => u.id === userId)?.name === userText ? userId : null;
    onTransfer({ queueId, userId: chosen, whatsappId, msgTransfer: note });
    onOpenChange(false);
  };

  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title={t("ticketActions.transferDialog.title")}
      onSubmit={submit}
      data-testid="transfer-dialog"
      actions={
        <>
          <Button onPress={() => onOpenChange(false)}>{t("ui.cancel")}</Button>
          <Button variant="primary" type="submit" data-testid="transfer-submit">
            {t("ticketActions.transferDialog.submit")}
          </Button>
        </>
      }
    >
      <Select
        label={t("ticketActions.transferDialog.queue")}
        items={queues}
        value={queueId}
        onChange={(key) => {
          setQueueId(asNumber(key as Key | null));
          setError(null);
        }}
        errorMessage={error}
        isRequired
        data-testid="transfer-queue"
      >
        {(q) => <SelectItem id={q.id}>{q.name}</SelectItem>}
      </Select>
      <ComboBox
        label={t("ticketActions.transferDialog.user")}
        placeholder={t("ticketActions.transferDialog.userPlaceholder")}
        description={t("ticketActions.transferDialog.userHint")}
        items={filterUsers(people, userText)}
        inputValue={userText}
        onInputChange={(text) => {
          setUserText(text);
          if (text === "") setUserId(null);
        }}
        selectedKey={userId}
        onSelectionChange={(key) => {
          const id = asNumber(key);
          setUserId(id);
          setUserText(people.find((u) => u.id === id)?.name ?? "");
        }}
        emptyText={t("ticketActions.transferDialog.noUsers")}
        data-testid="transfer-user"
      >
        {(u) => <SelectItem id={u.id}>{u.name}</SelectItem>}
      </ComboBox>
      {connections.length > 1 && (
        <Select
          label={t("ticketActions.transferDialog.connection")}
          items={connections}
          value={whatsappId}
          onChange={(key) => setWhatsappId(asNumber(key as Key | null))}
          data-testid="transfer-connection"
        >
          {(w) => <SelectItem id={w.id}>{w.name}</SelectItem>}
        </Select>
      )}
      <TextAreaField
        label={t("ticketActions.transferDialog.note")}
        value={note}
        onChange={setNote}
        maxLength={4096}
        rows={2}
        data-testid="transfer-note"
      />
    </Modal>
  );
}

export function DeleteTicketDialog({
  isOpen,
  onOpenChange,
  contactName,
  onConfirm,
}: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  contactName: string;
  onConfirm: () => Promise<void>;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title={t("ticketActions.deleteDialog.title", { name: contactName })}
      confirmLabel={t("ticketActions.deleteDialog.confirm")}
      onConfirm={onConfirm}
      data-testid="delete-ticket-dialog"
    >
      {t("ticketActions.deleteDialog.text")}
    </ConfirmDialog>
  );
}
