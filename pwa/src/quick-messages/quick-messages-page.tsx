// /quick-messages (spec 2 "Quick messages"): the company's quick messages, shared
// live between everyone signed in and usable offline. Editing existing items,
// media and the personal/general flags come later; this lists, adds and deletes.
import { addQuickMessage, removeQuickMessage } from "@chatflow/sync-server/documents/quick-messages.ts";
import { useMemo, useState } from "react";
import { Button } from "react-aria-components/Button";
import { GridList, GridListItem } from "react-aria-components/GridList";
import { Input } from "react-aria-components/Input";
import { SearchField } from "react-aria-components/SearchField";
import { useTranslation } from "react-i18next";
import { errorText } from "../i18n/translate-error.ts";
import { QuickMessageForm } from "./quick-message-form.tsx";
import { defaultSyncUrl } from "./quick-messages-doc.ts";
import { useQuickMessagesDoc } from "./use-quick-messages-doc.ts";
import "./quick-messages.css";

// Spec 1 §9 display truncation: a quick message preview shows 90 characters.
const PREVIEW_LENGTH = 90;
const preview = (text: string) => (text.length > PREVIEW_LENGTH ? `${text.slice(0, PREVIEW_LENGTH)}...` : text);

export type QuickMessagesPageProps = {
  companyId: number;
  /** The access token, or how to read the current one at each connection. */
  token: string | (() => string);
  /** Renews an access token the sync server refused as expired (then the page reconnects). */
  renewToken?: () => Promise<void>;
  /** ws:// or wss:// address of the sync server; default /collab on this origin. */
  syncUrl?: string;
  /** The signed-in user, recorded as the author of what they add. */
  userId?: number;
};

export function QuickMessagesPage({ companyId, token, renewToken, syncUrl, userId }: QuickMessagesPageProps) {
  const { t } = useTranslation();
  const { doc, items, loaded, status, refused } = useQuickMessagesDoc(
    companyId,
    token,
    syncUrl ?? defaultSyncUrl(),
    renewToken,
  );
  const [search, setSearch] = useState("");

  const shown = useMemo(() => {
    const term = search.trim().toLowerCase();
    if (!term) return items;
    return items.filter((i) => i.shortcode.toLowerCase().includes(term) || i.message.toLowerCase().includes(term));
  }, [items, search]);

  return (
    <div className="page quick-messages-page">
      <h1>{t("quickMessages.title")}</h1>
      {refused ? (
        <p className="notice notice-error" role="alert">
          {errorText({ error: refused, message: refused })}
        </p>
      ) : status !== "connected" ? (
        <p className="notice" role="status">
          {t(status === "connecting" ? "quickMessages.connecting" : "quickMessages.offline")}
        </p>
      ) : null}

      <QuickMessageForm
        disabled={!doc}
        onAdd={(fields) => doc && addQuickMessage(doc, { ...fields, ...(userId ? { userId } : {}) })}
      />

      <SearchField className="field" aria-label={t("quickMessages.search")} value={search} onChange={setSearch}>
        <Input placeholder={t("quickMessages.search")} />
      </SearchField>

      <GridList
        className="quick-messages-list"
        aria-label={t("quickMessages.title")}
        items={shown}
        renderEmptyState={() => (
          <p className="quick-messages-empty">{t(loaded ? "quickMessages.empty" : "app.loading")}</p>
        )}
      >
        {(item) => (
          <GridListItem id={item.id} textValue={item.shortcode} className="quick-messages-item">
            <div className="quick-messages-text">
              <strong>/{item.shortcode}</strong>
              <span>{preview(item.message)}</span>
            </div>
            <Button
              className="button"
              aria-label={t("quickMessages.delete", { shortcode: item.shortcode })}
              onPress={() => doc && removeQuickMessage(doc, item.id)}
            >
              {t("quickMessages.deleteShort")}
            </Button>
          </GridListItem>
        )}
      </GridList>
    </div>
  );
}
