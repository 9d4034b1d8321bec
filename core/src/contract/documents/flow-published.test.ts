import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import type { FlowSnapshot } from "../flows.ts";
import { addFlowNode, ensureStartNode, listFlowEdges, listFlowNodes, moveFlowNode, readFlowSnapshot } from "./flow.ts";
import { drawingMatchesPublished, drawnFlowOf, drawnPublishOf, takeInPublishedFlow } from "./flow-published.ts";

const start = { id: "1", type: "start" as const, position: { x: 0, y: 0 }, data: { label: "Inicio do fluxo" } };
const hello = { id: "m1", type: "message" as const, position: { x: 300, y: 0 }, data: { label: "Olá" } };
const bye = { id: "m2", type: "message" as const, position: { x: 600, y: 0 }, data: { label: "Tchau" } };

const flowOf = (nodes: FlowSnapshot["nodes"], pairs: [string, string][]): FlowSnapshot => ({
  nodes,
  connections: pairs.map(([source, target]) => ({ source, target, sourceHandle: null })),
});

const ends = (doc: Y.Doc) => listFlowEdges(doc).map((e) => `${e.source}>${e.target}`);
const ids = (doc: Y.Doc) => listFlowNodes(doc).map((n) => n.id);

describe("#flow drawing takes in the published flow", () => {
  it("draws a flow saved by the API on an empty drawing, and again on the editor's default start node", () => {
    const published = flowOf([start, hello], [["1", "m1"]]);
    const empty = new Y.Doc();
    expect(takeInPublishedFlow(empty, published, "2026-12-07T10:00:00.000Z")).toBe(true);
    expect(readFlowSnapshot(empty)).toEqual({
      nodes: [start, hello],
      connections: [{ id: "e0", source: "1", target: "m1", sourceHandle: null }],
    });
    expect(drawnPublishOf(empty)).toBe("2026-12-07T10:00:00.000Z");

    const opened = new Y.Doc();
    ensureStartNode(opened);
    takeInPublishedFlow(opened, flowOf([{ ...start, position: { x: 40, y: 80 } }, hello], [["1", "m1"]]), "t1");
    expect(listFlowNodes(opened).map((n) => [n.id, n.position.x, n.position.y])).toEqual([
      ["1", 40, 80],
      ["m1", 300, 0],
    ]);
    expect(drawingMatchesPublished(drawnFlowOf(opened), null)).toBe(false);
  });

  it("takes a publish in once, and writes nothing when the drawing already shows it (the editor's 'Salvar')", () => {
    const doc = new Y.Doc();
    const published = flowOf([start, hello], [["1", "m1"]]);
    takeInPublishedFlow(doc, published, "t1");
    let updates = 0;
    doc.on("update", () => updates++);
    expect(takeInPublishedFlow(doc, published, "t1")).toBe(false);
    expect(updates).toBe(0);

    // The editor drew m2 and published what it drew: the drawing's nodes and edges are not written again.
    addFlowNode(doc, bye);
    const drawn = readFlowSnapshot(doc);
    const seen: string[] = [];
    doc.on("afterTransaction", (tr: Y.Transaction) => {
      for (const type of tr.changed.keys())
        seen.push(type === (doc.getMap("published") as Y.AbstractType<unknown>) ? "published" : "drawing");
    });
    takeInPublishedFlow(doc, { ...drawn, connections: drawn.connections }, "t2");
    expect(seen.filter((s) => s === "drawing")).toEqual([]);
    expect(drawingMatchesPublished(drawnFlowOf(doc), drawn)).toBe(true);
  });

  it("changes only what the publish changed: a co-editor's unpublished work elsewhere stays and shows", () => {
    const doc = new Y.Doc();
    takeInPublishedFlow(doc, flowOf([start, hello], [["1", "m1"]]), "t1");
    // Unpublished: a node drawn and the start moved.
    addFlowNode(doc, { ...bye, id: "draft" });
    moveFlowNode(doc, "1", { x: -50, y: 10 });
    // The API then saves the flow with m1's text changed and m2 added after it.
    const api = flowOf(
      [start, { ...hello, data: { label: "Bom dia" } }, bye],
      [
        ["1", "m1"],
        ["m1", "m2"],
      ],
    );
    takeInPublishedFlow(doc, api, "t2");
    expect(ids(doc)).toEqual(["1", "m1", "draft", "m2"]);
    expect(listFlowNodes(doc).find((n) => n.id === "m1")?.data).toEqual({ label: "Bom dia" });
    expect(listFlowNodes(doc)[0]?.position).toEqual({ x: -50, y: 10 });
    expect(ends(doc)).toEqual(["1>m1", "m1>m2"]);
    expect(drawingMatchesPublished(drawnFlowOf(doc), api)).toBe(false);

    // A publish that removes m2 removes it (and its edge) from the drawing.
    takeInPublishedFlow(doc, flowOf([start, hello], [["1", "m1"]]), "t3");
    expect(ids(doc)).toEqual(["1", "m1", "draft"]);
    expect(ends(doc)).toEqual(["1>m1"]);
  });

  it("compares a drawing with what runs by nodes and edge ends, not edge ids", () => {
    const published = flowOf([start, hello], [["1", "m1"]]);
    const drawing = { nodes: [hello, start], edges: [{ id: "xy", source: "1", target: "m1", sourceHandle: null }] };
    expect(drawingMatchesPublished(drawing, published)).toBe(true);
    expect(drawingMatchesPublished({ ...drawing, nodes: [start, { ...hello, data: { label: "x" } }] }, published)).toBe(
      false,
    );
    expect(drawingMatchesPublished({ nodes: [start], edges: [] }, null)).toBe(true);
  });
});
