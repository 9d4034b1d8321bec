// One truth between a flow's drawing and what runs (issue 26, decision 0107): a flow saved through
// POST /flowbuilder/flow opens in the editor as it runs, live for editors who have it open and on load for a
// drawing nobody had open; the editor's own 'Salvar' leaves the drawing as drawn.
import { addFlowNode, listFlowEdges, listFlowNodes } from "@chatflow/core/contract/documents/flow.ts";
import { drawnPublishOf } from "@chatflow/core/contract/documents/flow-published.ts";
import { buildCompany } from "@chatflow/core/testing/factories.ts";
import { forFile, SET_UP_TIMEOUT_MS } from "@chatflow/core/testing/for-file.ts";
import { startTestCore } from "@chatflow/core/testing/test-core.ts";
import { describe, expect, it } from "vitest";
import {
  companyAdminForFile,
  newFlowDocument,
  signedInUser,
  syncForFile,
  TEST_SECRET,
  waitFor,
  within,
} from "../testing/sync-fixtures.ts";

const sync = syncForFile();
const w = companyAdminForFile(sync);
const core = forFile(
  () => startTestCore({ databaseUrl: sync.db.url, jwtSecret: TEST_SECRET, syncUrl: sync.server.url }),
  { stop: (c) => c.close(), timeout: SET_UP_TIMEOUT_MS },
);

const start = { id: "1", type: "start", position: { x: 0, y: 0 }, data: { label: "Inicio do fluxo" } };
const hello = { id: "m1", type: "message", position: { x: 300, y: 0 }, data: { label: "Olá" } };
const bye = { id: "m2", type: "message", position: { x: 600, y: 0 }, data: { label: "Tchau" } };

const save = (idFlow: number, nodes: unknown[], connections: unknown[]) =>
  core.api("POST", "/flowbuilder/flow", { token: w.admin.token, body: { idFlow, nodes, connections } });
const flowIdOf = (name: string) => Number(name.split("/").pop());
const labels = (doc: Parameters<typeof listFlowNodes>[0]) =>
  listFlowNodes(doc).map((n) => `${n.id}:${String(n.data.label ?? "")}`);

describe("#flowbuilder.flow becomes the drawing", () => {
  it("a flow saved by the API while an editor has it open is drawn on the editor's canvas before the answer", async () => {
    const name = await newFlowDocument(sync.db.pool, w.companyId);
    const editor = sync.open(name, w.admin.token);
    await within(editor.authenticated, "authentication");
    await waitFor(() => editor.provider.isSynced, "the first sync");
    const res = await save(flowIdOf(name), [start, hello], [{ source: "1", target: "m1" }]);
    expect(res.status).toBe(200);
    await waitFor(() => listFlowNodes(editor.doc).length === 2, "the API's flow drawn live");
    expect(labels(editor.doc)).toEqual(["1:Inicio do fluxo", "m1:Olá"]);
    expect(listFlowEdges(editor.doc).map((e) => `${e.source}>${e.target}`)).toEqual(["1>m1"]);
    // The runtime's snapshot is the same flow.
    const shown = await core.api("GET", `/flowbuilder/flow/${flowIdOf(name)}`, { token: w.admin.token });
    expect(shown.body.flow.flow.nodes.map((n: { id: string }) => n.id)).toEqual(["1", "m1"]);
  });

  it("a drawing nobody has open takes in the API's save as it loads, keeping unpublished work the save did not touch", async () => {
    const name = await newFlowDocument(sync.db.pool, w.companyId);
    const flowId = flowIdOf(name);
    const first = sync.open(name, w.admin.token);
    await within(first.authenticated, "authentication");
    await waitFor(() => first.provider.isSynced, "the first sync");
    // Published once from the editor, then a draft node drawn and not published.
    expect((await save(flowId, [start, hello], [{ source: "1", target: "m1" }])).status).toBe(200);
    await waitFor(() => listFlowNodes(first.doc).length === 2, "the publish drawn");
    addFlowNode(first.doc, { ...bye, id: "draft", type: "message" });
    await waitFor(async () => {
      const { rows } = await sync.db.pool.query("SELECT state FROM documents WHERE name = $1", [name]);
      return rows[0] !== undefined;
    }, "the drawing stored");
    first.destroy();
    await new Promise((r) => setTimeout(r, 300));
    // The sync server was not told (down, or the save came from elsewhere): only the row changed.
    await sync.db.pool.query("UPDATE flows SET flow = $2, saved_at = now() WHERE id = $1", [
      flowId,
      JSON.stringify({
        nodes: [start, { ...hello, data: { label: "Bom dia" } }, bye],
        connections: [
          { id: "e0", source: "1", target: "m1", sourceHandle: null },
          { id: "e1", source: "m1", target: "m2", sourceHandle: null },
        ],
      }),
    ]);
    const again = sync.open(name, w.admin.token);
    await waitFor(() => again.provider.isSynced, "the reopened sync");
    expect(labels(again.doc)).toEqual(["1:Inicio do fluxo", "m1:Bom dia", "draft:Tchau", "m2:Tchau"]);
    expect(listFlowEdges(again.doc).map((e) => `${e.source}>${e.target}`)).toEqual(["1>m1", "m1>m2"]);
    const { rows } = await sync.db.pool.query<{ saved_at: Date }>("SELECT saved_at FROM flows WHERE id = $1", [flowId]);
    expect(drawnPublishOf(again.doc)).toBe(rows[0]!.saved_at.toISOString());
  });

  it("the editor's 'Salvar' of its own drawing changes nothing drawn; another company's flow is refused", async () => {
    const name = await newFlowDocument(sync.db.pool, w.companyId);
    const editor = sync.open(name, w.admin.token);
    await within(editor.authenticated, "authentication");
    await waitFor(() => editor.provider.isSynced, "the first sync");
    addFlowNode(editor.doc, { ...start, type: "start" });
    addFlowNode(editor.doc, { ...hello, type: "message" });
    await waitFor(() => !editor.provider.hasUnsyncedChanges, "the drawing at the server");
    const published: unknown = editor.doc.getMap("published");
    const drawn: string[] = [];
    editor.doc.on("afterTransaction", (tr) => {
      for (const [type, keys] of tr.changed) {
        if (type !== published) drawn.push(`${type.constructor.name}:${[...keys].join(",")}`);
      }
    });
    expect((await save(flowIdOf(name), [start, hello], [])).status).toBe(200);
    await waitFor(() => drawnPublishOf(editor.doc) !== null, "the publish noted in the drawing");
    expect(drawn).toEqual([]);

    const otherCompanyId = (await buildCompany(sync.db.pool)).id;
    const outsider = await signedInUser(sync.db.pool, { companyId: otherCompanyId, profile: "admin" });
    const res = await fetch(new URL("/internal/flow-published", sync.server.url.replace(/^ws/, "http")), {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${outsider.token}` },
      body: JSON.stringify({ flowId: flowIdOf(name) }),
    });
    expect((await res.json()).drawn).toBe(false);
  });
});
