// The flow editor's canvas state (decision 0051): React Flow's nodes and edges made from the flow's document, with
// others' selections drawn on them, and the canvas's changes (moves, removals, new edges) written back into it.

import { addFlowEdge, moveFlowNode, removeFlowEdges, removeFlowNodes } from "@chatflow/core/contract/documents/flow.ts";
import { FLOW_START_ID } from "@chatflow/core/contract/flows.ts";
import {
  applyEdgeChanges,
  applyNodeChanges,
  type Connection,
  type Edge,
  type EdgeChange,
  type Node,
  type NodeChange,
} from "@xyflow/react";
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import type * as Y from "yjs";
import type { FlowConnection, RemoteEditor } from "./flow-doc.ts";
import { type CanvasNodeData, randomNodeId, sameCanvasNode, variablesOf } from "./flow-rules.ts";
import type { FlowDrawing } from "./use-flow-doc.ts";

const NO_REMOTE: CanvasNodeData["remote"] = [];
/** The 'variables' list in the browser's storage (spec 2 §3 "Browser storage"). */
const VARIABLES_KEY = "variables";

export function useFlowCanvas(
  drawing: FlowDrawing,
  editors: RemoteEditor[],
  doc: Y.Doc | null,
  connection: FlowConnection | null,
) {
  const [nodes, setNodes] = useState<Node[]>([]);
  const [edges, setEdges] = useState<Edge[]>([]);

  // Others' selections, per node: the outline and names drawn on it. Made again only when a selection, name or
  // colour changed, not when someone's pointer moved.
  const selectionsKey = JSON.stringify(editors.map((e) => [e.user.name, e.user.color, e.selection ?? []]));
  // biome-ignore lint/correctness/useExhaustiveDependencies: selectionsKey is everything of editors read here.
  const remoteSelections = useMemo(() => {
    const out = new Map<string, { name: string; color: string }[]>();
    for (const e of editors) {
      for (const id of e.selection ?? [])
        out.set(id, [...(out.get(id) ?? []), { name: e.user.name, color: e.user.color }]);
    }
    return out;
  }, [selectionsKey]);
  // What measured() reads when called, so it stays the same function.
  const drawingRef = useRef(drawing);
  drawingRef.current = drawing;
  const nodesRef = useRef(nodes);
  nodesRef.current = nodes;
  const variablesRef = useRef<string | null>(null);

  // The document is the truth; React Flow's own state (measured size, selection) is kept per node across updates.
  // A node or edge the change left as it was keeps its object, so React Flow redraws only what changed: a move by
  // another editor repaints one node of 500, not all of them. A layout effect: React Flow gets the new nodes in the
  // same task, before the browser paints, rather than one frame later.
  useLayoutEffect(() => {
    setNodes((previous) => {
      const byId = new Map(previous.map((n) => [n.id, n]));
      let changed = previous.length !== drawing.nodes.length;
      const next = drawing.nodes.map((n, i) => {
        const old = byId.get(n.id);
        const remote = remoteSelections.get(n.id) ?? NO_REMOTE;
        if (old && sameCanvasNode(old.data as CanvasNodeData | undefined, n, remote)) {
          if (old !== previous[i]) changed = true;
          return old;
        }
        changed = true;
        return {
          ...(old ?? {}),
          id: n.id,
          type: "flow",
          position: n.position,
          deletable: n.id !== FLOW_START_ID,
          selected: old?.selected ?? false,
          data: { node: n, remote } satisfies CanvasNodeData,
        };
      });
      // Nothing changed (others' pointers moved, say): the same array, so React Flow has nothing to adopt.
      return changed ? next : previous;
    });
    setEdges((previous) => {
      const byId = new Map(previous.map((e) => [e.id, e]));
      let changed = previous.length !== drawing.edges.length;
      const next = drawing.edges.map((e, i) => {
        const old = byId.get(e.id);
        const sourceHandle = e.sourceHandle ?? undefined;
        if (old && old.source === e.source && old.target === e.target && old.sourceHandle === sourceHandle) {
          if (old !== previous[i]) changed = true;
          return old;
        }
        changed = true;
        return { ...(old ?? {}), id: e.id, source: e.source, target: e.target, sourceHandle };
      });
      return changed ? next : previous;
    });
  }, [drawing, remoteSelections]);

  // Loading and every change rebuild the 'variables' list from the question nodes (spec 2 §4).
  useEffect(() => {
    try {
      const variables = JSON.stringify(variablesOf(drawing.nodes));
      if (variables !== variablesRef.current) localStorage.setItem(VARIABLES_KEY, variables);
      variablesRef.current = variables;
    } catch {
      // Storage refused (private mode, quota): the list is a convenience for the message fields.
    }
  }, [drawing]);

  const onNodesChange = useCallback(
    (changes: NodeChange[]) => {
      setNodes((current) => {
        const next = applyNodeChanges(changes, current);
        if (changes.some((c) => c.type === "select")) {
          const selection = next.filter((n) => n.selected).map((n) => n.id);
          connection?.setPresence({ selection });
        }
        return next;
      });
      if (!doc) return;
      const removed: string[] = [];
      for (const c of changes) {
        if (c.type === "position" && c.position) moveFlowNode(doc, c.id, c.position);
        if (c.type === "remove" && c.id !== FLOW_START_ID) removed.push(c.id);
      }
      if (removed.length > 0) removeFlowNodes(doc, removed);
    },
    [doc, connection],
  );

  const onEdgesChange = useCallback(
    (changes: EdgeChange[]) => {
      setEdges((current) => applyEdgeChanges(changes, current));
      const removed = changes.filter((c) => c.type === "remove").map((c) => c.id);
      if (doc && removed.length > 0) removeFlowEdges(doc, removed);
    },
    [doc],
  );

  const onConnect = useCallback(
    (c: Connection) => {
      if (!doc || c.source === c.target || c.target === FLOW_START_ID) return;
      addFlowEdge(doc, {
        id: randomNodeId(),
        source: c.source,
        target: c.target,
        sourceHandle: c.sourceHandle ?? null,
      });
    },
    [doc],
  );

  // The document's nodes with the width React Flow measured for each.
  const measured = useCallback(() => {
    const shown = new Map(nodesRef.current.map((n) => [n.id, n]));
    return drawingRef.current.nodes.map((n) => ({ ...n, width: shown.get(n.id)?.measured?.width }));
  }, []);

  return { nodes, edges, onNodesChange, onEdgesChange, onConnect, measured };
}
