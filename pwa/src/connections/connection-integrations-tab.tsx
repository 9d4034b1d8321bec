// The connection dialog's integrations tab (spec 2 §2 "integrations", §3 Connection integrationId, promptId;
// decision 0062): the queue integration and the AI prompt that take the conversations waiting on this connection
// with no queue. Each select shows only when the plan has its flag (useIntegrations, useOpenAi); the lists are
// read when the tab opens.
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useSessionUser } from "../auth/use-session-user.ts";
import { useIntegrationChoices } from "../integrations/use-integration-choices.ts";
import { planAllows } from "../layout/app-routes.ts";
import { usePrompts } from "../prompts/prompts-data.ts";
import { Select, SelectItem } from "../ui/select.tsx";
import type { TabProps } from "./connection-tab-props.ts";

const NONE = 0;
type Choice = { id: number; name: string };

/** The company's prompts for the select, read while online and the plan has useOpenAi. */
function usePromptChoices(online: boolean, allowed: boolean): { list: Choice[] | null; failed: boolean } {
  const query = usePrompts(online, allowed);
  const list = useMemo(() => query.data?.prompts.map((p) => ({ id: p.id, name: p.name })) ?? null, [query.data]);
  return { list, failed: query.error !== null };
}

/** Whether the plan offers either select (the tab is left out otherwise). */
export function connectionIntegrationsAllowed(user: Parameters<typeof planAllows>[0] | null): boolean {
  return !!user && (planAllows(user, "useIntegrations") || planAllows(user, "useOpenAi"));
}

export function ConnectionIntegrationsTab(p: TabProps) {
  const { t } = useTranslation();
  const user = useSessionUser();
  // Another company's dialog (the super user's) shows that company's lists, by its plan (decision 0105).
  const lists = p.lists;
  const withIntegrations = lists ? lists.integrations !== null : user ? planAllows(user, "useIntegrations") : false;
  const withPrompts = lists ? lists.prompts !== null : user ? planAllows(user, "useOpenAi") : false;
  const ownIntegrations = useIntegrationChoices(p.online, withIntegrations && !lists);
  const ownPrompts = usePromptChoices(p.online, withPrompts && !lists);
  const integrations = lists?.integrations ?? ownIntegrations;
  const prompts = lists ? { list: lists.prompts ?? [], failed: false } : ownPrompts;
  const select = (field: "integrationId" | "promptId", choices: readonly Choice[], loading: boolean) => (
    <Select
      label={t(`connectionIntegrations.${field}`)}
      description={t(`connectionIntegrations.${field}Help`)}
      items={[{ id: NONE, name: t("connectionIntegrations.none") }, ...choices]}
      value={p.form[field] ?? NONE}
      onChange={(k) => p.set(field, k === null || Number(k) === NONE ? null : Number(k))}
      isDisabled={loading}
      errorMessage={p.errors[field]}
      data-testid={`connection-${field}`}
    >
      {(c: Choice) => <SelectItem id={c.id}>{c.name}</SelectItem>}
    </Select>
  );
  return (
    <>
      <p className="connection-intro">{t("connectionIntegrations.intro")}</p>
      {prompts.failed && <p className="connection-intro">{t("connectionIntegrations.loadError")}</p>}
      {withIntegrations && select("integrationId", integrations, false)}
      {withPrompts && select("promptId", prompts.list ?? [], prompts.list === null && !prompts.failed)}
    </>
  );
}
