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
};
