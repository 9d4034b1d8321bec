// /quick-messages (spec 2 "Quick messages"): the company's general quick messages
// (everyone reads them, admins change them) and the user's personal ones (theirs
// alone, spec 2 §6), each shared live and usable offline, with the create/edit modal.
import { GENERAL_QUICK_MESSAGES } from "@chatflow/core/contract/documents/quick-messages.ts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { SearchField } from "../ui/fields.tsx";
import { useDebouncedValue } from "../util/use-debounced-value.ts";
import { defaultSyncUrl } from "./quick-messages-doc.ts";
import { QuickMessagesSection } from "./quick-messages-section.tsx";
import { TeamQuickMessagesSection } from "./team-quick-messages-section.tsx";
import "./quick-messages.css";

export type QuickMessagesPageProps = {
  companyId: number;
  /** The signed-in user: owner of the personal list and author of what they add. */
  userId: number;
  /** The signed-in user's name, shown to the others on the lists (presence). */
  userName?: string;
  /** Profile admin or the super flag: may change the general list. */
  admin: boolean;
  /** The access token, or how to read the current one at each connection. */
  token: string | (() => string);
  /** Renews an access token the sync server refused as expired (then the page reconnects). */
  renewToken?: () => Promise<void>;
  /** ws:// or wss:// address of the sync server; default /collab on this origin. */
  syncUrl?: string;
};

export function QuickMessagesPage({
  companyId,
  userId,
  userName,
  admin,
  token,
  renewToken,
  syncUrl,
}: QuickMessagesPageProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState("");
  // The local lists filter at once; the server's is asked after the spec's 500 ms pause (spec 2 §9).
  const serverSearch = useDebouncedValue(search, 500);
  const me = userName === undefined ? null : { id: userId, name: userName };
  const shared = { companyId, userId, admin, search, token, renewToken, syncUrl: syncUrl ?? defaultSyncUrl(), me };

  return (
    <div className="page quick-messages-page">
      <h1>{t("quickMessages.title")}</h1>
      <SearchField
        label={t("quickMessages.search")}
        placeholder={t("quickMessages.search")}
        value={search}
        onChange={setSearch}
        data-testid="quick-messages-search"
      />
      <QuickMessagesSection
        {...shared}
        list={GENERAL_QUICK_MESSAGES}
        title={t("quickMessages.general")}
        editableOffline={admin}
      />
      <QuickMessagesSection
        {...shared}
        list={{ general: false, userId }}
        title={t("quickMessages.personal")}
        editableOffline
      />
      <TeamQuickMessagesSection userId={userId} search={serverSearch} />
    </div>
  );
}
