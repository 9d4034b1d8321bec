// The ticket list's new-ticket dialog (spec 1 §2 Dialogs, §5 New ticket): a contact looked up
// from 3 characters (core's contacts when online, the replica's offline), then the connection
// and the queue ('Selecione uma fila') of the contacts screen's start-ticket dialog, which
// creates the ticket through the outbox, names the holder of an open ticket on conflict and
// opens the new ticket.
import type { ListContactsResponse } from "@chatflow/core/contract/contacts.ts";
import type { Channel } from "@chatflow/core/contract/entities.ts";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { db } from "../app-db.ts";
import { api } from "../app-services.ts";
import { type StartTicketContact, StartTicketDialog } from "../contacts/start-ticket-dialog.tsx";
import { ComboBox, SelectItem } from "../ui/select.tsx";
import { useDebouncedValue } from "../util/use-debounced-value.ts";

/** Spec 1 §2: contact lookups need 3 or more characters. */
export const CONTACT_SEARCH_MIN = 3;
const SEARCH_LIMIT = 20;

type Option = { id: number; name: string; number: string; channel: Channel | null };

/** Contacts whose name or number holds `text`: core's when online, else the replica's. */
export async function findContacts(text: string, online: boolean): Promise<Option[]> {
  const needle = text.trim().toLowerCase();
  if (needle.length < CONTACT_SEARCH_MIN) return [];
  if (online) {
    try {
      const res = await api.get<ListContactsResponse>(`/contacts?searchParam=${encodeURIComponent(needle)}`);
      return res.contacts.map((c) => ({ id: c.id, name: c.name, number: c.number, channel: c.channel }));
    } catch {
      // Unreachable after all: the replica still answers.
    }
  }
  const found = await db.contacts
    .filter((c) => c.active && (c.name.toLowerCase().includes(needle) || c.number.includes(needle)))
    .limit(SEARCH_LIMIT)
    .toArray();
  return found.map((c) => ({ id: c.id, name: c.name, number: c.number, channel: c.channel }));
}

export function NewTicketDialog({ online, onClose }: { online: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState("");
  const query = useDebouncedValue(text, 500);
  const [options, setOptions] = useState<Option[]>([]);
  const [chosen, setChosen] = useState<StartTicketContact | null>(null);

  useEffect(() => {
    let live = true;
    void findContacts(query, online).then((found) => live && setOptions(found));
    return () => {
      live = false;
    };
  }, [query, online]);

  return (
    <StartTicketDialog
      contact={chosen}
      online={online}
      onClose={onClose}
      title={t("ticketList.newTicketDialog.title")}
      missingContact={t("ticketList.newTicketDialog.selectContact")}
      contactPicker={(error) => (
        <ComboBox
          label={t("ticketList.newTicketDialog.contact")}
          description={t("ticketList.newTicketDialog.contactHint")}
          items={options}
          inputValue={text}
          onInputChange={(value) => {
            setText(value);
            if (chosen && value !== chosen.name) setChosen(null);
          }}
          selectedKey={chosen?.id ?? null}
          onSelectionChange={(key) => {
            const option = options.find((o) => o.id === Number(key));
            if (!option) return;
            setChosen({ id: option.id, name: option.name, channel: option.channel });
            setText(option.name);
          }}
          menuTrigger="input"
          emptyText={
            query.trim().length >= CONTACT_SEARCH_MIN
              ? t("ticketList.newTicketDialog.noContact")
              : t("ticketList.newTicketDialog.contactHint")
          }
          errorMessage={error}
          isRequired
          autoFocus
          data-testid="new-ticket-contact"
        >
          {(o) => (
            <SelectItem id={o.id} textValue={o.name}>
              {`${o.name} · ${o.number}`}
            </SelectItem>
          )}
        </ComboBox>
      )}
    />
  );
}
