// The ticket list's new-ticket dialog (spec 1 §2 Dialogs, §5 New ticket): a contact looked up
// from 3 characters (core's contacts when online, the replica's offline), then the connection
// and the queue ('Selecione uma fila') of the contacts screen's start-ticket dialog, which
// creates the ticket through the outbox, names the holder of an open ticket on conflict and
// opens the new ticket.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { CONTACT_SEARCH_MIN, findContacts, type TicketContactOption as Option } from "../contacts/contacts-data.ts";
import { type StartTicketContact, StartTicketDialog } from "../contacts/start-ticket-dialog.tsx";
import { ComboBox, SelectItem } from "../ui/select.tsx";
import { useDebouncedValue } from "../util/use-debounced-value.ts";

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
