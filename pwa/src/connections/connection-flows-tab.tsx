// The connection dialog's default flow tab (spec 2 §2 "default flow (flowbuilder)", §3 flowIdWelcome,
// flowIdNotPhrase): the flow a new conversation starts, which replaces the queue bot on this connection, and the flow
// a message matching no phrase campaign starts (decision 0054). The flows are read when the tab opens.
import { useTranslation } from "react-i18next";
import { type FlowChoice, useFlowChoices } from "../flows/flows-data.ts";
import { Select, SelectItem } from "../ui/select.tsx";
import type { TabProps } from "./connection-tab-props.ts";

const NO_FLOW = 0;

export function ConnectionFlowsTab(p: TabProps) {
  const { t } = useTranslation();
  // Another company's dialog (the super user's) shows that company's flows (decision 0105).
  const own = useFlowChoices(!p.lists);
  const { flows, failed } = p.lists ? { flows: p.lists.flows, failed: false } : own;
  const items = [{ id: NO_FLOW, name: t("connectionFlows.none") }, ...(flows ?? [])];
  const select = (field: "flowIdWelcome" | "flowIdNotPhrase") => (
    <Select
      label={t(`connectionFlows.${field}`)}
      description={t(`connectionFlows.${field}Help`)}
      items={items}
      value={p.form[field] ?? NO_FLOW}
      onChange={(k) => p.set(field, k === null || Number(k) === NO_FLOW ? null : Number(k))}
      isDisabled={flows === null}
      errorMessage={p.errors[field]}
      data-testid={`connection-${field}`}
    >
      {(f: FlowChoice) => <SelectItem id={f.id}>{f.name}</SelectItem>}
    </Select>
  );
  return (
    <>
      {failed && <p className="connection-intro">{t("connectionFlows.loadError")}</p>}
      {select("flowIdWelcome")}
      {select("flowIdNotPhrase")}
    </>
  );
}
