// /chats and /chats/{uuid} (spec 3 §2 "Internal chat"): the caller's chats and one chat's messages. Wide screens
// show them side by side; narrow ones (NARROW_QUERY) two tabs, 'Chats' and 'Mensagens'. New chat for everyone;
// edit and delete only for the owner (spec 3 §6). The chats and their messages come from the replica (decision 0111):
// offline they show as online, and writing, starting a chat and reading go through the outbox; edit and delete need
// a connection.
import { type ReactNode, useEffect, useMemo, useState } from "react";
import type { Key } from "react-aria-components/Tabs";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { useSessionUser } from "../auth/use-session-user.ts";
import { useOnline } from "../layout/use-online.ts";
import type { LocalChat } from "../store/db.ts";
import { Button } from "../ui/button.tsx";
import { ConfirmDialog } from "../ui/dialog.tsx";
import { EmptyState } from "../ui/empty-state.tsx";
import { ChatIcon, MessagesIcon } from "../ui/icons.tsx";
import { ListBody, ListPage } from "../ui/list-page.tsx";
import { Tab, TabList, TabPanel, Tabs } from "../ui/tabs.tsx";
import { showToast } from "../ui/toasts.ts";
import { NARROW_QUERY, useMediaQuery } from "../ui/use-media-query.ts";
import { VirtualList } from "../ui/virtual-list.tsx";
import { useDebouncedValue } from "../util/use-debounced-value.ts";
import { ChatDialog } from "./chat-dialog.tsx";
import { ChatMessages } from "./chat-messages.tsx";
import { ChatRow } from "./chat-row.tsx";
import { useChatByUuid, useChatPages, useDeleteChat } from "./chats-data.ts";
import "./chats.css";

const ROW_HEIGHT = 68;

export function ChatsPage() {
  const { t } = useTranslation();
  const narrow = useMediaQuery(NARROW_QUERY);
  const navigate = useNavigate();
  const { uuid } = useParams();
  const online = useOnline();
  const me = useSessionUser();
  const meId = me?.id ?? 0;
  const meName = me?.name ?? "";
  const writer = useMemo(() => ({ id: meId, name: meName }), [meId, meName]);
  const [searchText, setSearchText] = useState("");
  const search = useDebouncedValue(searchText.trim().toLowerCase(), 500);
  const { rows } = useChatPages(search);

  // The chat the route names, from the replica (one it does not hold is asked of core when online).
  const selected = useChatByUuid(uuid ?? null, online) ?? null;
  const deleteChat = useDeleteChat();

  const [editing, setEditing] = useState<LocalChat | "new" | null>(null);
  const [deleting, setDeleting] = useState<LocalChat | null>(null);

  async function remove(chat: LocalChat) {
    try {
      await deleteChat(chat);
    } catch {
      // Chat failures are otherwise ignored (spec 3 §7); the chat stays where it was.
      return;
    }
    showToast(t("chatsPage.toasts.deleted"), "info");
    if (chat.uuid === uuid) navigate("/chats");
  }

  const notice = online ? null : t("chatsPage.offline");
  const list = (
    <ListPage
      className="chats-list-panel"
      title={t("chatsPage.title")}
      add={{
        label: t("chatsPage.add"),
        onPress: () => setEditing("new"),
        "data-testid": "chats-add",
      }}
      search={{
        label: t("chatsPage.search"),
        value: searchText,
        onChange: setSearchText,
        "data-testid": "chats-search",
      }}
      notice={notice}
    >
      <ListBody
        items={rows}
        online={online}
        empty={<EmptyState icon={<MessagesIcon size={48} />} title={t("chatsPage.empty")} />}
      >
        {(items) => (
          <VirtualList
            items={items}
            getKey={(c) => c.uuid}
            rowHeight={ROW_HEIGHT}
            label={t("chatsPage.listLabel")}
            data-testid="chats-list"
            renderRow={(chat) => (
              <ChatRow
                chat={chat}
                meId={meId}
                current={chat.uuid === uuid}
                online={online}
                onEdit={() => setEditing(chat)}
                onDelete={() => setDeleting(chat)}
              />
            )}
          />
        )}
      </ListBody>
    </ListPage>
  );
  const messages = selected ? (
    <ChatMessages key={selected.uuid} chat={selected} me={writer} online={online} />
  ) : (
    <EmptyState icon={<ChatIcon size={56} />} title={t("chatsPage.noChatSelected")} />
  );

  return (
    <>
      {narrow ? (
        <div className="chats-page" data-testid="chats-page">
          <NarrowChats uuid={uuid} list={list} messages={messages} />
        </div>
      ) : (
        <div className="chats-page chats-wide" data-testid="chats-page">
          {list}
          <section className="chats-messages-panel" aria-label={t("chatsPage.messagesLabel")}>
            {messages}
          </section>
        </div>
      )}
      {editing !== null && (
        <ChatDialog
          chat={editing === "new" ? null : editing}
          me={writer}
          online={online}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            if (editing === "new") navigate(`/chats/${saved.uuid}`);
          }}
        />
      )}
      <ConfirmDialog
        isOpen={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t("chatsPage.deleteConfirm.title", { title: deleting?.title ?? "" })}
        confirmLabel={t("chatsPage.deleteConfirm.confirm")}
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
        data-testid="chat-delete-confirm"
      >
        {t("chatsPage.deleteConfirm.text")}
      </ConfirmDialog>
    </>
  );
}

function NarrowChats({ uuid, list, messages }: { uuid?: string; list: ReactNode; messages: ReactNode }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Key>(uuid ? "messages" : "chats");
  // Choosing a chat (or leaving one) moves to the matching tab.
  useEffect(() => setTab(uuid ? "messages" : "chats"), [uuid]);
  return (
    <Tabs className="chats-page chats-narrow" selectedKey={tab} onSelectionChange={setTab}>
      <TabList aria-label={t("chatsPage.tabs")} className="chats-layout-tabs">
        <Tab id="chats" data-testid="chats-tab-chats">
          {t("chatsPage.tabChats")}
        </Tab>
        <Tab id="messages" data-testid="chats-tab-messages">
          {t("chatsPage.tabMessages")}
        </Tab>
      </TabList>
      <TabPanel id="chats" className="chats-tab-panel">
        {list}
      </TabPanel>
      <TabPanel id="messages" className="chats-tab-panel chats-messages-panel">
        {uuid ? (
          messages
        ) : (
          <EmptyState
            icon={<ChatIcon size={56} />}
            title={t("chatsPage.noChatSelected")}
            action={
              <Button variant="primary" onPress={() => setTab("chats")} data-testid="chats-select">
                {t("chatsPage.selectChat")}
              </Button>
            }
          />
        )}
      </TabPanel>
    </Tabs>
  );
}
