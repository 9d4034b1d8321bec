// Quick messages in the audit log (issue 25, decision 0108 addendum): whoever edits a quick-messages document (the
// PWA writes straight into it, co-editors too), each quick message it adds, changes or removes is one entry, named
// after the editor, in the document's company, written in the store's transaction with the projection; a store
// that changes no row records nothing.
import {
  addQuickMessage,
  quickMessagesDocumentName,
  removeQuickMessage,
  updateQuickMessage,
} from "@chatflow/core/contract/documents/quick-messages.ts";
import { buildCompany } from "@chatflow/core/testing/factories.ts";
import { describe, expect, it } from "vitest";
import { companyAdminForFile, signedInUser, syncForFile, waitFor, within } from "../testing/sync-fixtures.ts";

const sync = syncForFile();
const w = companyAdminForFile(sync);

type Entry = { kind: string; user_id: number | null; subject: string; subject_id: number; detail: unknown };
async function entries(companyId: number): Promise<Entry[]> {
  const { rows } = await sync.db.pool.query<Entry>(
    `SELECT kind, user_id, subject, subject_id, detail FROM audit_entries
     WHERE company_id = $1 AND kind LIKE 'quickMessage.%' ORDER BY id`,
    [companyId],
  );
  return rows;
}
const rowId = async (companyId: number, itemId: string) =>
  (
    await sync.db.pool.query<{ id: number }>("SELECT id FROM quick_messages WHERE company_id = $1 AND item_id = $2", [
      companyId,
      itemId,
    ])
  ).rows[0]?.id;

describe("#audit quick messages", { timeout: 15_000 }, () => {
  it("records each quick message added, changed and removed in a document, by its editor, in its company", async () => {
    const a = sync.open(quickMessagesDocumentName(w.companyId), w.admin.token);
    await within(a.authenticated, "authentication");
    addQuickMessage(a.doc, { id: "qa1", shortcode: "bom-dia", message: "Bom dia!" });
    await waitFor(async () => (await entries(w.companyId)).length === 1, "the create entry");
    const id = await rowId(w.companyId, "qa1");
    expect(await entries(w.companyId)).toEqual([
      {
        kind: "quickMessage.create",
        user_id: w.admin.userId,
        subject: "bom-dia",
        subject_id: id,
        detail: { general: true },
      },
    ]);

    updateQuickMessage(a.doc, "qa1", { message: "Bom dia, tudo bem?" });
    await waitFor(async () => (await entries(w.companyId)).length === 2, "the update entry");
    removeQuickMessage(a.doc, "qa1");
    await waitFor(async () => (await entries(w.companyId)).length === 3, "the delete entry");
    expect((await entries(w.companyId)).map((e) => [e.kind, e.user_id, e.subject, e.subject_id])).toEqual([
      ["quickMessage.create", w.admin.userId, "bom-dia", id],
      ["quickMessage.update", w.admin.userId, "bom-dia", id],
      ["quickMessage.delete", w.admin.userId, "bom-dia", id],
    ]);
  });

  it("names an agent's own list's editor, keeps another company's entries in that company, and records no unchanged row", async () => {
    const agent = await signedInUser(sync.db.pool, { companyId: w.companyId, profile: "user" });
    const other = (await buildCompany(sync.db.pool)).id;
    const otherAdmin = await signedInUser(sync.db.pool, { companyId: other, profile: "admin" });
    const before = (await entries(w.companyId)).length;

    const mine = sync.open(
      quickMessagesDocumentName(w.companyId, { general: false, userId: agent.userId }),
      agent.token,
    );
    const theirs = sync.open(quickMessagesDocumentName(other), otherAdmin.token);
    await within(mine.authenticated, "authentication");
    await within(theirs.authenticated, "authentication");
    addQuickMessage(mine.doc, { id: "qp1", shortcode: "meu-pix", message: "Chave", userId: agent.userId });
    addQuickMessage(theirs.doc, { id: "qo1", shortcode: "deles", message: "Outra empresa" });
    await waitFor(async () => (await entries(w.companyId)).length === before + 1, "the agent's entry");
    await waitFor(async () => (await entries(other)).length === 1, "the other company's entry");
    expect((await entries(w.companyId)).at(-1)).toMatchObject({
      kind: "quickMessage.create",
      user_id: agent.userId,
      subject: "meu-pix",
      detail: { general: false },
    });
    expect(await entries(other)).toMatchObject([
      { kind: "quickMessage.create", user_id: otherAdmin.userId, subject: "deles" },
    ]);

    // An edit that leaves the row as it was (the same text written again) changes no row: no entry.
    updateQuickMessage(mine.doc, "qp1", { message: "Chave" });
    addQuickMessage(mine.doc, { id: "qp2", shortcode: "outro", message: "Outro", userId: agent.userId });
    await waitFor(async () => (await entries(w.companyId)).length === before + 2, "the second create");
    expect((await entries(w.companyId)).slice(before).map((e) => [e.kind, e.subject])).toEqual([
      ["quickMessage.create", "meu-pix"],
      ["quickMessage.create", "outro"],
    ]);
  });
});
