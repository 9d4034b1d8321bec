// One list on the quick messages page (general or personal), live from its Yjs document: an add button and,
// per item, edit and delete when this user may change the list; otherwise the items open locked (spec 2 §4).
import {
  type QuickMessage,
  type QuickMessagesList,
  removeQuickMessage,
} from "@chatflow/core/contract/documents/quick-messages.ts";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../i18n/translate-error.ts";
import { useOnline } from "../layout/use-online.ts";
import { Button } from "../ui/button.tsx";
import { EditDeleteButtons } from "../ui/edit-delete-buttons.tsx";
import { PlusIcon } from "../ui/icons.tsx";
import { List, ListItem } from "../ui/list-item.tsx";
import { PresenceList } from "../ui/presence-list.tsx";
import { QuickMessageModal } from "./quick-message-modal.tsx";
import type { QuickMessagesConnectionOptions } from "./quick-messages-doc.ts";
import { useQuickMessagesDoc } from "./use-quick-messages-doc.ts";

// Spec 1 §9 display truncation: a quick message preview shows 90 characters.
const PREVIEW_LENGTH = 90;
const preview = (text: string) => (text.length > PREVIEW_LENGTH ? `${text.slice(0, PREVIEW_LENGTH)}...` : text);
/** Items rendered at first; more as the list is scrolled to its end (spec 2 'infinite scroll'). */
export const QUICK_MESSAGES_BATCH = 40;

export type QuickMessagesSectionProps = {
  companyId: number;
  userId: number;
  admin: boolean;
  list: QuickMessagesList;
  title: string;
  /** What the user may do before the server says (offline): the server's scope wins once it answers. */
  editableOffline: boolean;
  search: string;
  token: QuickMessagesConnectionOptions["token"];
  syncUrl: string;
  renewToken?: () => Promise<void>;
  /** The signed-in user, shown to the others who have this list open (presence). */
  me?: { id: number; name: string } | null;
};

export function QuickMessagesSection(p: QuickMessagesSectionProps) {
  const { t } = useTranslation();
  const online = useOnline();
  const { doc, items, loaded, status, refused, scope, peers } = useQuickMessagesDoc(
    p.companyId,
    p.list,
    p.token,
    p.syncUrl,
    p.renewToken,
    p.me ?? null,
  );
  const editable = !refused && (scope ? scope === "read-write" : p.editableOffline);
  const [open, setOpen] = useState<QuickMessage | "new" | null>(null);
  const [shownCount, setShownCount] = useState(QUICK_MESSAGES_BATCH);

  const matching = useMemo(() => {
    const term = p.search.trim().toLowerCase();
    if (!term) return items;
    return items.filter((i) => i.shortcode.toLowerCase().includes(term) || i.message.toLowerCase().includes(term));
  }, [items, p.search]);
  const shown = matching.slice(0, shownCount);

  return (
    <section
      className="quick-messages-section"
      aria-label={p.title}
      data-list={p.list.general ? "general" : "personal"}
    >
      <div className="quick-messages-section-head">
        <h2>{p.title}</h2>
        <PresenceList
          label={t("quickMessages.present")}
          people={peers.map((e) => ({ key: e.clientId, name: e.user.name, color: e.user.color }))}
          data-testid="quick-messages-presence"
        />
        {editable && (
          <Button
            size="small"
            variant="primary"
            icon={<PlusIcon />}
            onPress={() => setOpen("new")}
            isDisabled={!doc}
            data-testid="quick-messages-add"
          >
            {t("quickMessages.add")}
          </Button>
        )}
      </div>
      {refused ? (
        <p className="notice notice-error" role="alert">
          {errorText({ error: refused, message: refused })}
        </p>
      ) : status !== "connected" ? (
        <p className="notice" role="status">
          {t(status === "connecting" ? "quickMessages.connecting" : "quickMessages.offline")}
        </p>
      ) : null}
      {!editable && (
        <p className="notice" data-testid="quick-messages-read-only">
          {t("quickMessages.readOnly")}
        </p>
      )}

      {shown.length === 0 ? (
        <p className="quick-messages-empty">{t(loaded ? "quickMessages.empty" : "app.loading")}</p>
      ) : (
        <div
          className="quick-messages-scroll"
          onScroll={(e) => {
            const el = e.currentTarget;
            // Within 100 px of the end (spec 2 §9), the next batch.
            if (el.scrollTop + el.clientHeight >= el.scrollHeight - 100 && shownCount < matching.length) {
              setShownCount((n) => n + QUICK_MESSAGES_BATCH);
            }
          }}
        >
          <List label={p.title} data-testid="quick-messages-list">
            {shown.map((item) => (
              <ListItem
                key={item.id}
                title={`/${item.shortcode}`}
                subtitle={preview(item.message)}
                meta={item.mediaName ? <span className="quick-messages-muted">{item.mediaName}</span> : undefined}
                onAction={() => setOpen(item)}
                data-testid="quick-messages-item"
                actions={
                  editable ? (
                    <EditDeleteButtons
                      editLabel={t("quickMessages.edit", { shortcode: item.shortcode })}
                      deleteLabel={t("quickMessages.delete", { shortcode: item.shortcode })}
                      onEdit={() => setOpen(item)}
                      onDelete={() => doc && removeQuickMessage(doc, item.id)}
                    />
                  ) : undefined
                }
              />
            ))}
          </List>
          {shownCount < matching.length && (
            <Button size="small" variant="ghost" onPress={() => setShownCount((n) => n + QUICK_MESSAGES_BATCH)}>
              {t("quickMessages.more")}
            </Button>
          )}
        </div>
      )}
      {open !== null && (
        <QuickMessageModal
          item={open === "new" ? null : open}
          general={p.list.general}
          admin={p.admin}
          userId={p.userId}
          online={online}
          locked={!editable}
          doc={doc}
          onClose={() => setOpen(null)}
        />
      )}
    </section>
  );
}
