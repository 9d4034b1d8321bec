// Conversation flows (spec 2 §3 Flow; decision 0051). The drawing itself is a co-edited Yjs document
// (`company/{c}/flow/{id}` in `documents`); `flow` holds the snapshot 'Salvar' validated and published, which
// the runtime walks, so a half-drawn flow never runs.
import { defineEntity, type InferEntity, p } from "@mikro-orm/core";
import type { FlowSnapshot } from "../../contract/flows.ts";
import { timestamps } from "./columns.ts";
import { Company } from "./tenancy.ts";
import { User } from "./users.ts";

export const Flow = defineEntity({
  name: "Flow",
  tableName: "flows",
  indexes: [{ name: "flows_company_name", properties: ["companyId", "name"] }],
  properties: {
    id: p.integer().primary(),
    companyId: p.manyToOne(Company).mapToPk().joinColumn("company_id").deleteRule("cascade"),
    /** Who created it. */
    userId: p.manyToOne(User).mapToPk().joinColumn("user_id").deleteRule("set null").nullable(),
    name: p.text(),
    active: p.boolean().default(true),
    /** The published snapshot (nodes, connections); null until the first 'Salvar'. */
    flow: p.json<FlowSnapshot>().nullable(),
    savedAt: p.datetime().nullable(),
    ...timestamps(),
  },
});
export type IFlow = InferEntity<typeof Flow>;
