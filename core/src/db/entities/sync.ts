// Entities of replication: the per-company change log and its sequence, the
// mutations a client pushed, and the stored Yjs documents.
import { defineEntity, type InferEntity, p } from "@mikro-orm/core";
import { createdAt, parentKey, timestamps } from "./columns.ts";
import { Company } from "./tenancy.ts";

export const ChangeLog = defineEntity({
  name: "ChangeLog",
  tableName: "change_log",
  properties: {
    companyId: p.integer().primary(),
    seq: p.bigint("number").primary(),
    entity: p.text(),
    entityId: p.text(),
    createdAt: createdAt(),
  },
});
export type IChangeLog = InferEntity<typeof ChangeLog>;

/** One row per company: its change sequence, taken with UPDATE ... RETURNING so seq order is commit order. */
export const CompanySync = defineEntity({
  name: "CompanySync",
  tableName: "company_sync",
  properties: {
    companyId: parentKey(Company, "company_id"),
    lastSeq: p.bigint("number").defaultRaw("0"),
    prunedSeq: p.bigint("number").defaultRaw("0"),
  },
});
export type ICompanySync = InferEntity<typeof CompanySync>;

/**
 * A pushed mutation, stored with its effects: a push repeated after a lost answer changes nothing. Keyed by the
 * user who pushed it (decision 0039): a client id is a key within its user's namespace only.
 */
export const ClientMutation = defineEntity({
  name: "ClientMutation",
  tableName: "client_mutations",
  properties: {
    companyId: p.integer().primary(),
    userId: p.integer().primary(),
    clientId: p.text().primary(),
    mutationId: p.bigint("number").primary(),
    error: p.json<{ error: string; message?: string }>().nullable(),
    createdAt: createdAt(),
  },
});
export type IClientMutation = InferEntity<typeof ClientMutation>;

/** A co-edited Yjs document's state, named company/{companyId}/{kind}/{id}. */
export const Document = defineEntity({
  name: "Document",
  tableName: "documents",
  properties: {
    name: p.text().primary(),
    companyId: p.manyToOne(Company).mapToPk().joinColumn("company_id").deleteRule("cascade"),
    kind: p.text(),
    state: p.blob(),
    ...timestamps(),
  },
});
export type IDocument = InferEntity<typeof Document>;
