// The send-contact dialog (spec 1 §2 "Dialogs: send contact"): pick one of the company's contacts
// (replica offline, core's search online), see the card that will go, send it. Sending only writes
// locally (send-contact.ts); the outbox takes it to core, now or when the network is back.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ApiClient } from "../../api/http.ts";
import type { ChatflowDb } from "../../store/db.ts";
import { Avatar } from "../../ui/avatar.tsx";
import { ComboBox, SelectItem } from "../../ui/select.tsx";
import { SendDialog } from "../../ui/send-dialog.tsx";
import { type ContactOption, SERVER_SEARCH_MIN, useContactOptions } from "./contact-search.ts";
import "./composer-dialogs.css";

export type SendContactDialogProps = {
  db: ChatflowDb;
  api: ApiClient;
  online: boolean;
  /** Writes the card locally; a throw keeps the dialog open. */
  onSend: (contact: ContactOption) => Promise<void>;
  onClose: () => void;
};

export function SendContactDialog({ db, api, online, onSend, onClose }: SendContactDialogProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState("");
  const [chosen, setChosen] = useState<ContactOption | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { options } = useContactOptions(db, api, search, online);

  const pick = (id: number | null) => {
    const contact = id === null ? null : (options.find((o) => o.id === id) ?? null);
    setChosen(contact);
    if (contact) {
      // The field shows who was chosen (a controlled combobox keeps what was typed otherwise).
      setSearch(contact.name);
      setError(null);
    }
  };

  function submit() {
    if (!chosen) {
      setError(t("composerDialogs.contact.required"));
      return;
    }
    return onSend(chosen);
  }

  const hint = online
    ? search.trim().length < SERVER_SEARCH_MIN
      ? t("composerDialogs.contact.hint")
      : null
    : t("composerDialogs.contact.offlineHint");

  return (
    <SendDialog
      title={t("composerDialogs.sendContact")}
      testId="send-contact"
      sendLabel={t("composerDialogs.send")}
      onClose={onClose}
      onSubmit={submit}
    >
      <ComboBox
        label={t("composerDialogs.contact.search")}
        placeholder={t("composerDialogs.contact.placeholder")}
        items={options}
        inputValue={search}
        onInputChange={setSearch}
        selectedKey={chosen?.id ?? null}
        onSelectionChange={(key) => pick(key === null ? null : Number(key))}
        emptyText={t("composerDialogs.contact.empty")}
        description={hint}
        errorMessage={error}
        autoFocus
        data-testid="send-contact-search"
      >
        {(c) => (
          <SelectItem id={c.id} textValue={c.name}>
            <span className="composer-contact-option">
              <span>{c.name}</span>
              <span className="composer-contact-option-number">{c.number}</span>
            </span>
          </SelectItem>
        )}
      </ComboBox>
      {chosen && (
        <section className="composer-dialog-preview" aria-label={t("composerDialogs.preview")}>
          <h3 className="composer-dialog-preview-title">{t("composerDialogs.preview")}</h3>
          <div className="composer-contact-card" data-testid="send-contact-preview">
            <Avatar name={chosen.name} src={chosen.urlPicture} size={40} />
            <div>
              <strong>{chosen.name}</strong>
              <div className="composer-contact-card-number">
                {t("composerDialogs.contact.number")}: {chosen.number}
              </div>
            </div>
          </div>
        </section>
      )}
      {!online && <p className="composer-dialog-offline">{t("composerDialogs.offline")}</p>}
    </SendDialog>
  );
}
