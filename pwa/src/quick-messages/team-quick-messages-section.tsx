// Other users' personal quick messages that they show to the team (spec 2 "visao"), read from
// GET /quick-messages (their documents are their owners' alone, decision 0020): a page at a time as the list
// is scrolled to its end, each opening locked (spec 2 §4). Online only: the copy lives on the server.
import type { QuickMessageDTO } from "@chatflow/core/contract/quick-messages.ts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useOnline } from "../layout/use-online.ts";
import { Button } from "../ui/button.tsx";
import { List, ListItem } from "../ui/list-item.tsx";
import { QuickMessageModal } from "./quick-message-modal.tsx";
import { useTeamQuickMessages } from "./quick-messages-data.ts";

export function TeamQuickMessagesSection({ userId, search }: { userId: number; search: string }) {
  const { t } = useTranslation();
  const online = useOnline();
  const [open, setOpen] = useState<QuickMessageDTO | null>(null);
  const term = search.trim();
  const paged = useTeamQuickMessages(userId, term, online);
  const rows = paged.items;
  const hasMore = paged.hasMore;

  if (rows.length === 0 && !hasMore) return null;
  return (
    <section className="quick-messages-section" aria-label={t("quickMessages.team")} data-list="team">
      <h2>{t("quickMessages.team")}</h2>
      <div
        className="quick-messages-scroll"
        onScroll={(e) => {
          const el = e.currentTarget;
          if (hasMore && el.scrollTop + el.clientHeight >= el.scrollHeight - 100) paged.loadMore();
        }}
      >
        <List label={t("quickMessages.team")}>
          {rows.map((r) => (
            <ListItem
              key={r.id}
              title={`/${r.shortcode}`}
              subtitle={r.message}
              meta={r.mediaName ? <span className="quick-messages-muted">{r.mediaName}</span> : undefined}
              onAction={() => setOpen(r)}
              data-testid="quick-messages-team-item"
            />
          ))}
        </List>
        {hasMore && (
          <Button size="small" variant="ghost" onPress={paged.loadMore}>
            {t("quickMessages.more")}
          </Button>
        )}
      </div>
      {open && (
        <QuickMessageModal
          item={{
            id: open.itemId,
            shortcode: open.shortcode,
            message: open.message,
            visao: open.visao,
            ...(open.mediaName ? { mediaName: open.mediaName } : {}),
            ...(open.mediaPath ? { mediaPath: open.mediaPath } : {}),
          }}
          general={false}
          admin={false}
          userId={userId}
          online={online}
          locked
          doc={null}
          onClose={() => setOpen(null)}
        />
      )}
    </section>
  );
}
