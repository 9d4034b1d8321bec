// One list on the quick messages page (general or personal): its add form and
// delete buttons only when this user may change it, else a read-only note.
import {
  addQuickMessage,
  type QuickMessagesList,
  removeQuickMessage,
} from "@chatflow/sync-server/documents/quick-messages.ts";
import { useMemo } from "react";
import { Button } from "react-aria-components/Button";
import { GridList, GridListItem } from "react-aria-components/GridList";
import { useTranslation } from "react-i18next";
import { errorText } from "../i18n/translate-error.ts";
import { QuickMessageForm } from "./quick-message-form.tsx";
import type { QuickMessagesConnectionOptions } from "./quick-messages-doc.ts";
import { useQuickMessagesDoc } from "./use-quick-messages-doc.ts";

// Spec 1 §9 display truncation: a quick message preview shows 90 characters.
const PREVIEW_LENGTH = 90;
const preview = (text: string) => (text.length > PREVIEW_LENGTH ? `${text.slice(0, PREVIEW_LENGTH)}...` : text);

export type QuickMessagesSectionProps = {
  companyId: number;
  userId: number;
  list: QuickMessagesList;
  title: string;
  /** What the user may do before the server says (offline): the server's scope wins once it answers. */
  editableOffline: boolean;
  search: string;
  token: QuickMessagesConnectionOptions["token"];
  syncUrl: string;
  renewToken?: () => Promise<void>;
};

export function QuickMessagesSection(p: QuickMessagesSectionProps) {
  const { t } = useTranslation();
  const { doc, items, loaded, status, refused, scope } = useQuickMessagesDoc(
    p.companyId,
    p.list,
    p.token,
    p.syncUrl,
    p.renewToken,
  );
  const editable = !refused && (scope ? scope === "read-write" : p.editableOffline);

  const shown = useMemo(() => {
    const term = p.search.trim().toLowerCase();
    if (!term) return items;
    return items.filter((i) => i.shortcode.toLowerCase().includes(term) || i.message.toLowerCase().includes(term));
  }, [items, p.search]);

  return (
    <section
      className="quick-messages-section"
      aria-label={p.title}
      data-list={p.list.general ? "general" : "personal"}
    >
      <h2>{p.title}</h2>
      {refused ? (
        <p className="notice notice-error" role="alert">
          {errorText({ error: refused, message: refused })}
        </p>
      ) : status !== "connected" ? (
        <p className="notice" role="status">
          {t(status === "connecting" ? "quickMessages.connecting" : "quickMessages.offline")}
        </p>
      ) : null}

      {editable ? (
        <QuickMessageForm
          disabled={!doc}
          onAdd={(fields) => doc && addQuickMessage(doc, { ...fields, userId: p.userId })}
        />
      ) : (
        <p className="notice" data-testid="quick-messages-read-only">
          {t("quickMessages.readOnly")}
        </p>
      )}

      <GridList
        className="quick-messages-list"
        aria-label={p.title}
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
            {editable ? (
              <Button
                className="button"
                aria-label={t("quickMessages.delete", { shortcode: item.shortcode })}
                onPress={() => doc && removeQuickMessage(doc, item.id)}
              >
                {t("quickMessages.deleteShort")}
              </Button>
            ) : null}
          </GridListItem>
        )}
      </GridList>
    </section>
  );
}
