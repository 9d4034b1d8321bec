// What every tab panel of the connection dialog takes (connection-tabs.tsx and the panels in files of their own).
import type { QueueDTO } from "@chatflow/core/contract/entities.ts";
import type { WhatsappAnswer } from "@chatflow/core/contract/whatsapps.ts";
import type { ConnectionErrors, ConnectionForm } from "./connection-form.ts";

export type TabProps = {
  form: ConnectionForm;
  set: <K extends keyof ConnectionForm>(key: K, value: ConnectionForm[K]) => void;
  errors: ConnectionErrors;
  queues: readonly Pick<QueueDTO, "id" | "name">[];
  existing: WhatsappAnswer | null;
  /** The lists the tabs read (flows, integrations, prompts) are asked for only online. */
  online: boolean;
  /**
   * Another company's lists, for the super user's dialog (decision 0105): the tabs show these instead of reading
   * the session's company's. A null list is one that company's plan lacks.
   */
  lists?: CompanyLists;
};

export type CompanyLists = {
  integrations: { id: number; name: string }[] | null;
  prompts: { id: number; name: string }[] | null;
  flows: { id: number; name: string }[];
};
