// One truth between a flow's drawing and what runs (issue 26, decision 0107): a snapshot published by
// POST /flowbuilder/flow (the API or the editor's 'Salvar') is taken into the flow's co-edited drawing, and the
// editor compares the two to say when what runs differs from what is drawn. Pure functions over a Y.Doc.
//
// The drawing keeps, in its root Y.Map "published", which publish it last took in (savedAt) and a key of each
// node and edge of that publish. Taking in the next one changes in the drawing only what that publish changed
// against the previous one: a co-editor's unpublished work elsewhere in the drawing stays (and shows as
// unpublished), and the editor's own 'Salvar', whose changes are already drawn, changes nothing.

import * as Y from "yjs";
import type { FlowConnection, FlowNode, FlowSnapshot } from "../flows.ts";
import { addFlowEdge, addFlowNode, edgesOf, listFlowEdges, listFlowNodes, nodesOf, removeFlowNodes } from "./flow.ts";

const PUBLISHED = "published";

type Keys = Record<string, string>;

/** JSON with object keys sorted, so two equal values give one string whatever their key order. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

const nodeKey = (n: FlowNode) => stableJson({ type: n.type, x: n.position.x, y: n.position.y, data: n.data });
const edgeKey = (e: FlowConnection) => stableJson({ s: e.source, t: e.target, h: e.sourceHandle ?? null });
const edgeIdOf = (e: FlowConnection, i: number) => e.id ?? `e${i}`;

/** When the publish the drawing last took in was saved (ISO), or null: it never took one in. */
export function drawnPublishOf(doc: Y.Doc): string | null {
  return (doc.getMap<unknown>(PUBLISHED).get("savedAt") as string | undefined) ?? null;
}

/**
 * Takes the publish saved at `savedAt` into the drawing (nothing when it already did). Returns whether it
 * changed the document.
 */
export function takeInPublishedFlow(doc: Y.Doc, snapshot: FlowSnapshot, savedAt: string): boolean {
  const meta = doc.getMap<unknown>(PUBLISHED);
  if (meta.get("savedAt") === savedAt) return false;
  const baseNodes = (meta.get("nodes") as Keys | undefined) ?? {};
  const baseEdges = (meta.get("edges") as Keys | undefined) ?? {};
  const nextNodes: Keys = Object.fromEntries(snapshot.nodes.map((n) => [n.id, nodeKey(n)]));
  const nextEdges: Keys = Object.fromEntries(snapshot.connections.map((e, i) => [edgeIdOf(e, i), edgeKey(e)]));
  doc.transact(() => {
    // What this publish removed, if the drawing still has it.
    removeFlowNodes(
      doc,
      Object.keys(baseNodes).filter((id) => !(id in nextNodes) && nodesOf(doc).has(id)),
    );
    for (const id of Object.keys(baseEdges)) if (!(id in nextEdges)) edgesOf(doc).delete(id);
    // What it added or changed.
    for (const node of snapshot.nodes) if (baseNodes[node.id] !== nextNodes[node.id]) putNode(doc, node);
    snapshot.connections.forEach((edge, i) => {
      const id = edgeIdOf(edge, i);
      if (baseEdges[id] === nextEdges[id]) return;
      const drawn = edgesOf(doc).get(id);
      if (drawn && edgeKey(drawn) === nextEdges[id]) return;
      addFlowEdge(doc, { id, source: edge.source, target: edge.target, sourceHandle: edge.sourceHandle ?? null });
    });
    meta.set("savedAt", savedAt);
    meta.set("nodes", nextNodes);
    meta.set("edges", nextEdges);
  });
  return true;
}

/** Makes the drawn node equal to `node`, writing only the fields that differ (an equal node writes nothing). */
function putNode(doc: Y.Doc, node: FlowNode): void {
  const map = nodesOf(doc).get(node.id);
  if (!map?.get("type")) {
    addFlowNode(doc, node);
    return;
  }
  if (map.get("type") !== node.type) map.set("type", node.type);
  if (map.get("x") !== node.position.x) map.set("x", node.position.x);
  if (map.get("y") !== node.position.y) map.set("y", node.position.y);
  if (stableJson(map.get("data") ?? {}) !== stableJson(node.data)) map.set("data", node.data);
}

/**
 * Whether the drawing runs as the published snapshot would: the same nodes (type, place, data) and the same
 * edges by their ends (edge ids do not change what runs). A flow never published differs from any drawing with
 * more than its start node.
 */
export function drawingMatchesPublished(
  drawing: { nodes: readonly FlowNode[]; edges: readonly FlowConnection[] },
  published: FlowSnapshot | null,
): boolean {
  if (!published) return drawing.nodes.every((n) => n.type === "start") && drawing.edges.length === 0;
  const keys = (nodes: readonly FlowNode[]) => nodes.map((n) => `${n.id}:${nodeKey(n)}`).sort();
  const ends = (edges: readonly FlowConnection[]) => edges.map(edgeKey).sort();
  return (
    stableJson(keys(drawing.nodes)) === stableJson(keys(published.nodes)) &&
    stableJson(ends(drawing.edges)) === stableJson(ends(published.connections))
  );
}

/** The drawing read as drawingMatchesPublished compares it. */
export const drawnFlowOf = (doc: Y.Doc) => ({ nodes: listFlowNodes(doc), edges: listFlowEdges(doc) });

/** A fresh document holding `state` (a stored or fetched Yjs update), or an empty one. */
export function docOf(state: Uint8Array | null): Y.Doc {
  const doc = new Y.Doc({ gc: true });
  if (state) Y.applyUpdate(doc, state);
  return doc;
}
