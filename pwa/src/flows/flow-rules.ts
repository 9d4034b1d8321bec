// The editor's rules that do not need a screen (spec 2 §4, §9): node ids, where a new or duplicated node goes,
// the 'variables' list, each type's empty data, and the mapping between the flow's document and React Flow.

import type { FlowDocNode } from "@chatflow/core/contract/documents/flow.ts";
import {
  FLOW_DUPLICATE_OFFSET,
  FLOW_NEW_NODE_GAP,
  FLOW_NODE_ID_LENGTH,
  FLOW_START_ID,
  type FlowNodeType,
  outputHandlesOf,
} from "@chatflow/core/contract/flows.ts";

const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** A node id: 30 random alphanumerics (spec 2 §3). */
export function randomNodeId(
  random: (n: number) => Uint8Array = (n) => crypto.getRandomValues(new Uint8Array(n)),
): string {
  // 62 does not divide 256: bytes of 248 and above are dropped so every character is equally likely.
  let id = "";
  while (id.length < FLOW_NODE_ID_LENGTH) {
    for (const b of random(FLOW_NODE_ID_LENGTH * 2)) {
      if (b < 248 && id.length < FLOW_NODE_ID_LENGTH) id += ALPHANUMERIC[b % 62];
    }
  }
  return id;
}

/** Width a node is drawn with before React Flow has measured it. */
export const NODE_WIDTH = 220;

type Placed = Pick<FlowDocNode, "position" | "seq"> & { width?: number };

/** A new node goes to the right of the last node made, 40 px after its edge (spec 2 §4). */
export function newNodePosition(nodes: readonly Placed[]): { x: number; y: number } {
  const last = nodes.reduce<Placed | null>((a, n) => (a === null || n.seq >= a.seq ? n : a), null);
  if (!last) return { x: 0, y: 0 };
  return { x: last.position.x + (last.width ?? NODE_WIDTH) + FLOW_NEW_NODE_GAP, y: last.position.y };
}

/** A duplicate goes right of the rightmost node (x plus 240), at the original's height (spec 2 §4). */
export function duplicatePosition(nodes: readonly Placed[], original: Placed): { x: number; y: number } {
  const rightmost = Math.max(...nodes.map((n) => n.position.x), original.position.x);
  return { x: rightmost + FLOW_DUPLICATE_OFFSET, y: original.position.y };
}

/** The 'variables' list: every question node's answerKey, once each, in node order (spec 2 §3, §4). */
export function variablesOf(nodes: readonly Pick<FlowDocNode, "type" | "data">[]): string[] {
  const out: string[] = [];
  for (const n of nodes) {
    if (n.type !== "question") continue;
    const key = (n.data.typebotIntegration as { answerKey?: unknown } | undefined)?.answerKey;
    if (typeof key === "string" && key && !out.includes(key)) out.push(key);
  }
  return out;
}

/** The speed dial's entries (spec 2 §2), in its order, and the node type each adds. */
export const SPEED_DIAL: readonly { id: string; type: FlowNodeType }[] = [
  { id: "start", type: "start" },
  { id: "content", type: "singleBlock" },
  { id: "menu", type: "menu" },
  { id: "randomizer", type: "randomizer" },
  { id: "interval", type: "interval" },
  { id: "ticket", type: "ticket" },
  { id: "typebot", type: "typebot" },
  { id: "openai", type: "openai" },
  { id: "question", type: "question" },
];

/** The outputs drawn on a node, with the handle id the edge records (decision 0051). */
export function outputsOf(node: Pick<FlowDocNode, "type" | "data">): { id: string | null; label: string | null }[] {
  const handles = outputHandlesOf(node);
  if (node.type === "randomizer") {
    const percent = Number(node.data.percent ?? 0);
    return [
      { id: "percent", label: `${percent}%` },
      { id: "rest", label: `${100 - percent}%` },
    ];
  }
  if (node.type === "menu") {
    const options = (node.data.arrayOption as { number: number; value: string }[] | undefined) ?? [];
    return options.map((o) => ({ id: `option-${o.number}`, label: `[${o.number}] ${o.value}` }));
  }
  return handles.map((id) => ({ id, label: null }));
}

export const isStart = (id: string) => id === FLOW_START_ID;

/** React Flow's node for a document node; `remote` names the other editors who selected it. */
export type CanvasNodeData = {
  node: FlowDocNode;
  remote: { name: string; color: string }[];
};

/**
 * Whether a canvas node already shows `node` of the document with these other editors' selections: same type,
 * place and data (compared as JSON, as the document stores them), same names and colours on it.
 */
export function sameCanvasNode(
  shown: CanvasNodeData | undefined,
  node: FlowDocNode,
  remote: readonly { name: string; color: string }[],
): boolean {
  if (!shown) return false;
  const was = shown.node;
  const sameRemote =
    shown.remote === remote ||
    (shown.remote.length === remote.length &&
      shown.remote.every((r, i) => r.name === remote[i]?.name && r.color === remote[i]?.color));
  // The document's reader hands back the very same node when it did not change: nothing to compare.
  if (was === node) return sameRemote;
  return (
    was.type === node.type &&
    was.seq === node.seq &&
    was.position.x === node.position.x &&
    was.position.y === node.position.y &&
    sameRemote &&
    JSON.stringify(was.data) === JSON.stringify(node.data)
  );
}

export function toCanvasNodes(
  nodes: readonly FlowDocNode[],
  selected: ReadonlySet<string>,
  remoteSelections: ReadonlyMap<string, { name: string; color: string }[]>,
) {
  return nodes.map((n) => ({
    id: n.id,
    type: "flow",
    position: n.position,
    selected: selected.has(n.id),
    deletable: true,
    data: { node: n, remote: remoteSelections.get(n.id) ?? [] } satisfies CanvasNodeData,
  }));
}

export function toCanvasEdges(
  edges: readonly { id: string; source: string; target: string; sourceHandle: string | null }[],
) {
  return edges.map((e) => ({
    id: e.id,
    source: e.source,
    target: e.target,
    sourceHandle: e.sourceHandle ?? undefined,
  }));
}
