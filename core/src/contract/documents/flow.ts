// The layout of a flow's co-edited document, `company/{c}/flow/{flowId}` (decision 0051), shared by the PWA's
// editor and anything on the server that reads a drawing. Pure functions over a Y.Doc, importable in a browser.
//
// Layout: root Y.Map "nodes" keyed by node id, each a nested Y.Map { type, x, y, seq, data }: a move (x, y) and
// an edit of the node's dialog (data, replaced whole as the spec's edit does) by two people both survive; seq
// orders the nodes by creation ("the last node" of spec 2 §4). Root Y.Map "edges" keyed by edge id, each a
// plain { source, target, sourceHandle } (an edge is made or removed, never changed).

import * as Y from "yjs";
import { FLOW_START_ID, type FlowConnection, type FlowNode, type FlowNodeType, type FlowSnapshot } from "../flows.ts";
import { formatDocumentName } from "./document-name.ts";

const NODES = "nodes";
const EDGES = "edges";

export type FlowDocNode = FlowNode & { seq: number };
export type FlowDocEdge = FlowConnection & { id: string };

export function flowDocumentName(companyId: number, flowId: number): string {
  return formatDocumentName({ companyId, kind: "flow", id: String(flowId) });
}

export const nodesOf = (doc: Y.Doc) => doc.getMap<Y.Map<unknown>>(NODES);
export const edgesOf = (doc: Y.Doc) => doc.getMap<FlowConnection>(EDGES);

/** One node of the drawing, or null for a node map with no type (not yet filled in). */
export function readNode(id: string, map: Y.Map<unknown>): FlowDocNode | null {
  const type = map.get("type") as FlowNodeType | undefined;
  if (!type) return null;
  return {
    id,
    type,
    position: { x: Number(map.get("x") ?? 0), y: Number(map.get("y") ?? 0) },
    data: (map.get("data") as Record<string, unknown> | undefined) ?? {},
    seq: Number(map.get("seq") ?? 0),
  };
}

/** The nodes in creation order (ties by id, so every copy lists them alike). */
export function listFlowNodes(doc: Y.Doc): FlowDocNode[] {
  const out: FlowDocNode[] = [];
  for (const [id, map] of nodesOf(doc)) {
    const node = readNode(id, map);
    if (node) out.push(node);
  }
  return out.sort(compareFlowNodes);
}

/** Creation order, ties by id, so every copy lists the nodes alike. */
export const compareFlowNodes = (a: FlowDocNode, b: FlowDocNode) => a.seq - b.seq || a.id.localeCompare(b.id);
export const compareFlowEdges = (a: FlowDocEdge, b: FlowDocEdge) => a.id.localeCompare(b.id);

/** The edges whose two ends exist (an edge to a node removed meanwhile on another device is left out). */
export function listFlowEdges(doc: Y.Doc): FlowDocEdge[] {
  const nodes = nodesOf(doc);
  const out: FlowDocEdge[] = [];
  for (const [id, edge] of edgesOf(doc)) {
    if (nodes.has(edge.source) && nodes.has(edge.target)) out.push({ ...edge, id });
  }
  return out.sort(compareFlowEdges);
}

/** The drawing as the snapshot 'Salvar' sends (nodes and connections of spec 2 §3). */
export function readFlowSnapshot(doc: Y.Doc): FlowSnapshot {
  return {
    nodes: listFlowNodes(doc).map(({ seq: _seq, ...node }) => node),
    connections: listFlowEdges(doc),
  };
}

export function addFlowNode(doc: Y.Doc, node: FlowNode): void {
  doc.transact(() => {
    const seq = Math.max(0, ...listFlowNodes(doc).map((n) => n.seq)) + 1;
    const map = new Y.Map<unknown>();
    nodesOf(doc).set(node.id, map);
    map.set("type", node.type);
    map.set("x", node.position.x);
    map.set("y", node.position.y);
    map.set("seq", seq);
    map.set("data", node.data);
  });
}

/** A new flow's drawing starts with its start node (spec 2 §3: id '1'); a drawing that has one is left alone. */
export function ensureStartNode(doc: Y.Doc): void {
  if (nodesOf(doc).has(FLOW_START_ID)) return;
  addFlowNode(doc, { id: FLOW_START_ID, type: "start", position: { x: 0, y: 0 }, data: { label: "Inicio do fluxo" } });
}

export function moveFlowNode(doc: Y.Doc, id: string, position: { x: number; y: number }): void {
  const map = nodesOf(doc).get(id);
  if (!map) return;
  doc.transact(() => {
    if (map.get("x") !== position.x) map.set("x", position.x);
    if (map.get("y") !== position.y) map.set("y", position.y);
  });
}

/** The edit dialog's save: the node's data replaced (spec 2 §4). */
export function setFlowNodeData(doc: Y.Doc, id: string, data: Record<string, unknown>): void {
  nodesOf(doc).get(id)?.set("data", data);
}

/** Removes nodes and every edge to or from them (spec 2 §4). */
export function removeFlowNodes(doc: Y.Doc, ids: readonly string[]): void {
  const gone = new Set(ids);
  doc.transact(() => {
    for (const id of gone) nodesOf(doc).delete(id);
    for (const [edgeId, edge] of edgesOf(doc)) {
      if (gone.has(edge.source) || gone.has(edge.target)) edgesOf(doc).delete(edgeId);
    }
  });
}

/**
 * Connects two nodes. One output leads to one place: an edge already leaving the same output is replaced, as the
 * snapshot's check requires.
 */
export function addFlowEdge(doc: Y.Doc, edge: FlowConnection & { id: string }): void {
  doc.transact(() => {
    for (const [id, other] of edgesOf(doc)) {
      if (other.source === edge.source && (other.sourceHandle ?? null) === (edge.sourceHandle ?? null)) {
        edgesOf(doc).delete(id);
      }
    }
    edgesOf(doc).set(edge.id, { source: edge.source, target: edge.target, sourceHandle: edge.sourceHandle ?? null });
  });
}

export function removeFlowEdges(doc: Y.Doc, ids: readonly string[]): void {
  doc.transact(() => {
    for (const id of ids) edgesOf(doc).delete(id);
  });
}
