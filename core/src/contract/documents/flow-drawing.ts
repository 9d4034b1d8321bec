// A flow's drawing kept up to date transaction by transaction, for the editor (issue 11): a change re-reads only
// the nodes and edges it touched, so a co-editor's move costs one node of 500, and everything it left alone keeps
// its object (the canvas compares by identity). It always equals what listFlowNodes and listFlowEdges read.

import type * as Y from "yjs";
import type { FlowConnection } from "../flows.ts";
import {
  compareFlowEdges,
  compareFlowNodes,
  edgesOf,
  type FlowDocEdge,
  type FlowDocNode,
  nodesOf,
  readNode,
} from "./flow.ts";

export type FlowDrawing = { nodes: readonly FlowDocNode[]; edges: readonly FlowDocEdge[] };

export type FlowDrawingWatch = {
  /** The drawing as of the last transaction. */
  current(): FlowDrawing;
  stop(): void;
};

const sameNode = (a: FlowDocNode, b: FlowDocNode) =>
  a.type === b.type &&
  a.seq === b.seq &&
  a.position.x === b.position.x &&
  a.position.y === b.position.y &&
  a.data === b.data;

/**
 * Reads the drawing once, then after each transaction that changed it calls `onDrawing` with the new one. Arrays are
 * new only when something in them changed; a node or edge that did not change is the same object as before.
 * `onDrawing` also gets the transaction (whether it came from this copy or another: `transaction.local`).
 */
export function watchFlowDrawing(
  doc: Y.Doc,
  onDrawing: (drawing: FlowDrawing, transaction: Y.Transaction) => void,
): FlowDrawingWatch {
  const nodesMap = nodesOf(doc);
  const edgesMap = edgesOf(doc);
  const nodeById = new Map<string, FlowDocNode>();
  // Every stored edge, also those with an end missing (listed again once both ends exist).
  const edgeById = new Map<string, FlowDocEdge>();
  const dirtyNodes = new Set<string>();
  const dirtyEdges = new Set<string>();
  let nodeKeysChanged = false;

  const readEdge = (id: string, edge: FlowConnection): FlowDocEdge => ({ ...edge, id });
  const visibleEdges = () => {
    const out: FlowDocEdge[] = [];
    for (const e of edgeById.values()) if (nodesMap.has(e.source) && nodesMap.has(e.target)) out.push(e);
    return out.sort(compareFlowEdges);
  };

  for (const [id, map] of nodesMap) {
    const node = readNode(id, map);
    if (node) nodeById.set(id, node);
  }
  for (const [id, edge] of edgesMap) edgeById.set(id, readEdge(id, edge));
  let drawing: FlowDrawing = { nodes: [...nodeById.values()].sort(compareFlowNodes), edges: visibleEdges() };

  const onNodes = (events: Y.YEvent<Y.AbstractType<unknown>>[]) => {
    for (const event of events) {
      if (event.target === nodesMap) {
        nodeKeysChanged = true;
        for (const id of (event as Y.YMapEvent<unknown>).keysChanged) dirtyNodes.add(id);
      } else if (typeof event.path[0] === "string") {
        // A change inside one node's map (its place, data, type or seq): the path starts with the node's id.
        dirtyNodes.add(event.path[0]);
      }
    }
  };
  const onEdges = (event: Y.YMapEvent<FlowConnection>) => {
    for (const id of event.keysChanged) dirtyEdges.add(id);
  };

  // Observers run first, then afterTransaction: one new drawing per transaction, whatever it touched.
  const flush = (transaction: Y.Transaction) => {
    if (dirtyNodes.size === 0 && dirtyEdges.size === 0) return;
    let nodesChanged = false;
    let orderChanged = false;
    for (const id of dirtyNodes) {
      const map = nodesMap.get(id);
      const next = map ? readNode(id, map) : null;
      const previous = nodeById.get(id);
      if (!next) {
        if (previous) {
          nodeById.delete(id);
          nodesChanged = orderChanged = true;
        }
        continue;
      }
      if (previous && sameNode(previous, next)) continue;
      nodeById.set(id, next);
      nodesChanged = true;
      if (!previous || previous.seq !== next.seq) orderChanged = true;
    }
    for (const id of dirtyEdges) {
      const edge = edgesMap.get(id);
      if (edge) edgeById.set(id, readEdge(id, edge));
      else edgeById.delete(id);
    }
    const nodes = !nodesChanged
      ? drawing.nodes
      : orderChanged
        ? [...nodeById.values()].sort(compareFlowNodes)
        : drawing.nodes.map((n) => nodeById.get(n.id)!);
    const edges = dirtyEdges.size > 0 || nodeKeysChanged ? visibleEdges() : drawing.edges;
    const edgesChanged = edges.length !== drawing.edges.length || edges.some((e, i) => e !== drawing.edges[i]);
    dirtyNodes.clear();
    dirtyEdges.clear();
    nodeKeysChanged = false;
    if (nodes === drawing.nodes && !edgesChanged) return;
    drawing = { nodes, edges: edgesChanged ? edges : drawing.edges };
    onDrawing(drawing, transaction);
  };

  nodesMap.observeDeep(onNodes);
  edgesMap.observe(onEdges);
  doc.on("afterTransaction", flush);
  return {
    current: () => drawing,
    stop() {
      nodesMap.unobserveDeep(onNodes);
      edgesMap.unobserve(onEdges);
      doc.off("afterTransaction", flush);
    },
  };
}
