// /flowbuilder/{id} (spec 2 §2 "Flow editor"; admins only): the flow's drawing co-edited live (decision 0051).
// Pan and zoom, the speed dial, each node's dialog (double-click), duplicate and delete icons, Delete or
// Backspace removing the selection, edges drawn between outputs and inputs; every change goes into the flow's
// Yjs document at once (kept on this device and sent to the sync server), others' pointers and selections show
// on the canvas, and 'Salvar' publishes the validated snapshot the runtime runs.

import {
  addFlowEdge,
  addFlowNode,
  moveFlowNode,
  readFlowSnapshot,
  removeFlowEdges,
  removeFlowNodes,
  setFlowNodeData,
} from "@chatflow/core/contract/documents/flow.ts";
import {
  FLOW_START_ID,
  type FlowNodeType,
  type FlowWithSnapshotDTO,
  ZSaveFlowRequestSchema,
} from "@chatflow/core/contract/flows.ts";
import {
  applyEdgeChanges,
  applyNodeChanges,
  Background,
  type Connection,
  Controls,
  type Edge,
  type EdgeChange,
  type Node,
  type NodeChange,
  ReactFlow,
  ReactFlowProvider,
  useReactFlow,
  ViewportPortal,
} from "@xyflow/react";
import "@xyflow/react/dist/style.css";
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { ApiError } from "../api/errors.ts";
import { api, tokens } from "../app-services.ts";
import { useSessionUser } from "../auth/use-session-user.ts";
import { validationText } from "../i18n/form-errors.ts";
import { errorText } from "../i18n/translate-error.ts";
import { useOnline } from "../layout/use-online.ts";
import { defaultSyncUrl } from "../quick-messages/quick-messages-doc.ts";
import { checkSessionOver } from "../sync/realtime-socket.ts";
import { Button } from "../ui/button.tsx";
import { EmptyState } from "../ui/empty-state.tsx";
import { BackIcon, PlusIcon } from "../ui/icons.tsx";
import { Menu, MenuItem, MenuTrigger } from "../ui/menu.tsx";
import { showToast } from "../ui/toasts.ts";
import { forgetLocalFlow, type RemoteEditor } from "./flow-doc.ts";
import { FLOW_MESSAGES } from "./flow-messages.ts";
import { FlowNodeView, NodeActionsContext } from "./flow-node-view.tsx";
import {
  type CanvasNodeData,
  duplicatePosition,
  newNodePosition,
  randomNodeId,
  SPEED_DIAL,
  sameCanvasNode,
  variablesOf,
} from "./flow-rules.ts";
import { emptyData, NodeDialog } from "./node-dialog.tsx";
import { useFlowDoc } from "./use-flow-doc.ts";
import "./flows.css";

const currentToken = () => tokens.get() ?? "";
const renewToken = checkSessionOver(api);
const NODE_TYPES = { flow: FlowNodeView };
// Props handed to React Flow as constants: a new object or array each render would make it update its store.
const FIT_VIEW_OPTIONS = { maxZoom: 1 };
const PRO_OPTIONS = { hideAttribution: true };
const DELETE_KEYS = ["Delete", "Backspace"];
const NO_REMOTE: CanvasNodeData["remote"] = [];
/** The 'variables' list in the browser's storage (spec 2 §3 "Browser storage"). */
const VARIABLES_KEY = "variables";

export function FlowEditorRoute() {
  const user = useSessionUser();
  const { id = "" } = useParams();
  const flowId = Number(id);
  if (!user || !tokens.get()) return null;
  if (!Number.isInteger(flowId) || flowId <= 0) return <FlowMissing />;
  return (
    <FlowEditorGate key={flowId} companyId={user.companyId} flowId={flowId} me={{ id: user.id, name: user.name }} />
  );
}

/**
 * Reads the flow's name and snapshot (online) beside the drawing. A flow that no longer exists (deleted here or by
 * another admin) shows 'Fluxo não encontrado' instead of an empty canvas, and this device forgets its copy, so
 * nothing drawn on it is sent again. Offline the drawing kept on the device opens as it is.
 */
function FlowEditorGate({
  companyId,
  flowId,
  me,
}: {
  companyId: number;
  flowId: number;
  me: { id: number; name: string };
}) {
  const online = useOnline();
  const [meta, setMeta] = useState<FlowWithSnapshotDTO | null>(null);
  const [missing, setMissing] = useState(false);

  useEffect(() => {
    if (!online) return;
    let live = true;
    api.get<{ flow: FlowWithSnapshotDTO }>(`/flowbuilder/flow/${flowId}`).then(
      (r) => live && setMeta(r.flow),
      (err: unknown) => {
        if (live && err instanceof ApiError && err.status === 404) setMissing(true);
      },
    );
    return () => {
      live = false;
    };
  }, [flowId, online]);

  // After the editor has closed its copy (its effects are cleaned up before this one runs).
  useEffect(() => {
    if (missing) void forgetLocalFlow(companyId, flowId);
  }, [missing, companyId, flowId]);

  if (missing) return <FlowMissing />;
  return (
    <ReactFlowProvider>
      <FlowEditor companyId={companyId} flowId={flowId} me={me} meta={meta} onSaved={setMeta} />
    </ReactFlowProvider>
  );
}

function FlowMissing() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="flow-editor-missing" data-testid="flow-missing">
      <EmptyState
        level={1}
        title={t("flows.editor.notFound")}
        action={
          <Button variant="primary" onPress={() => navigate("/flowbuilders")} data-testid="flow-missing-back">
            {t("flows.editor.back")}
          </Button>
        }
      >
        {t("flows.editor.notFoundText")}
      </EmptyState>
    </div>
  );
}

type Editing = { type: FlowNodeType; id: string | null; data: Record<string, unknown> };

function FlowEditor({
  companyId,
  flowId,
  me,
  meta,
  onSaved,
}: {
  companyId: number;
  flowId: number;
  me: { id: number; name: string };
  meta: FlowWithSnapshotDTO | null;
  onSaved: (flow: FlowWithSnapshotDTO) => void;
}) {
  const { t } = useTranslation();
  const online = useOnline();
  const flow = useFlowDoc({ companyId, flowId, token: currentToken, syncUrl: defaultSyncUrl(), renewToken, me });
  const { doc, drawing, editors, connection } = flow;
  const [nodes, setNodes] = useState<Node[]>([]);
  const [edges, setEdges] = useState<Edge[]>([]);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [saving, setSaving] = useState(false);
  const { screenToFlowPosition } = useReactFlow();
  const selectedRef = useRef<string[]>([]);

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
  // What the node actions read when called, so they (and the context every node reads) stay the same objects.
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
          selectedRef.current = selection;
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

  // The same object for the editor's whole life with one document: every node reads it through the context, and
  // a new one would redraw all of them.
  const actions = useMemo(
    () => ({
      edit(id: string) {
        const node = drawingRef.current.nodes.find((n) => n.id === id);
        if (node && node.type !== "start") setEditing({ type: node.type, id, data: node.data });
      },
      duplicate(id: string) {
        const node = drawingRef.current.nodes.find((n) => n.id === id);
        if (!doc || !node) return;
        // The copy is not selected (spec 2 §4): React Flow state gets it unselected from the document.
        addFlowNode(doc, {
          id: randomNodeId(),
          type: node.type,
          position: duplicatePosition(measured(), node),
          data: node.data,
        });
      },
      remove(id: string) {
        if (doc && id !== FLOW_START_ID) removeFlowNodes(doc, [id]);
      },
    }),
    [doc, measured],
  );
  const onNodeDoubleClick = useCallback((_event: React.MouseEvent, node: Node) => actions.edit(node.id), [actions]);

  function dial(key: string) {
    const entry = SPEED_DIAL.find((d) => d.id === key);
    if (!entry || !doc) return;
    if (entry.type === "start") {
      if (!drawing.nodes.some((n) => n.id === FLOW_START_ID)) {
        addFlowNode(doc, {
          id: FLOW_START_ID,
          type: "start",
          position: newNodePosition(measured()),
          data: emptyData("start"),
        });
      }
      return;
    }
    setEditing({ type: entry.type, id: null, data: emptyData(entry.type) });
  }

  function saveNode(data: Record<string, unknown>) {
    if (!doc || !editing) return;
    if (editing.id) setFlowNodeData(doc, editing.id, data);
    else addFlowNode(doc, { id: randomNodeId(), type: editing.type, position: newNodePosition(measured()), data });
    if (editing.type === "singleBlock" && !editing.id) showToast(t("flows.toasts.content"), "info");
  }

  async function publish() {
    if (!doc) return;
    const parsed = ZSaveFlowRequestSchema.safeParse({ idFlow: flowId, ...readFlowSnapshot(doc) });
    if (!parsed.success) {
      showToast(validationText(parsed.error.issues[0]?.message ?? "", FLOW_MESSAGES), "error");
      return;
    }
    setSaving(true);
    try {
      const saved = await api.post<{ flow: FlowWithSnapshotDTO }>("/flowbuilder/flow", parsed.data);
      onSaved(saved.flow);
      showToast(t("flows.toasts.saved"), "info");
    } catch (err) {
      showToast(errorText(err), "error");
    } finally {
      setSaving(false);
    }
  }

  const onPointer = (event: React.PointerEvent) => {
    connection?.setPresence({ cursor: screenToFlowPosition({ x: event.clientX, y: event.clientY }) });
  };

  const status = flow.refused
    ? t("flows.editor.refused")
    : !online || flow.status === "disconnected"
      ? t("flows.editor.offline")
      : !flow.synced
        ? t("flows.editor.connecting")
        : null;
  return (
    <div className="flow-editor" data-testid="flow-editor" data-synced={flow.synced ? "true" : "false"}>
      <header className="flow-editor-header">
        <Link to="/flowbuilders" className="flow-editor-back" aria-label={t("flows.editor.back")}>
          <BackIcon />
        </Link>
        <h1 className="flow-editor-title">{meta?.name ?? ""}</h1>
        <p className="flow-editor-note">{t("flows.editor.remember")}</p>
        <ul className="flow-editors" aria-label={t("flows.editor.editors")} data-testid="flow-editors">
          {editors.map((e) => (
            <li key={e.clientId} style={{ borderColor: e.user.color }} data-testid="flow-editor-badge">
              {e.user.name}
            </li>
          ))}
        </ul>
        <MenuTrigger>
          <Button icon={<PlusIcon />} data-testid="flow-dial">
            {t("flows.editor.add")}
          </Button>
          <Menu
            label={t("flows.editor.add")}
            onAction={(key) => dial(String(key))}
            // One start per flow (the snapshot needs exactly one): 'Inicio' only while the flow has none.
            disabledKeys={drawing.nodes.some((n) => n.id === FLOW_START_ID) ? ["start"] : []}
          >
            {SPEED_DIAL.map((d) => (
              <MenuItem key={d.id} id={d.id} data-testid={`flow-dial-${d.id}`}>
                {t(`flows.editor.dial.${d.id}`)}
              </MenuItem>
            ))}
          </Menu>
        </MenuTrigger>
        <Button
          variant="primary"
          onPress={() => void publish()}
          isPending={saving}
          isDisabled={!online || !doc}
          data-testid="flow-save"
        >
          {online ? t("flows.editor.save") : t("flows.needsConnection")}
        </Button>
      </header>
      {status && (
        <p className="flow-editor-status" role="status" data-testid="flow-editor-status">
          {status}
        </p>
      )}
      <section
        className="flow-canvas"
        aria-label={t("flows.editor.canvas", { name: meta?.name ?? "" })}
        onPointerMove={onPointer}
        onPointerLeave={() => connection?.setPresence({ cursor: null })}
      >
        <NodeActionsContext.Provider value={actions}>
          <ReactFlow
            nodes={nodes}
            edges={edges}
            nodeTypes={NODE_TYPES}
            onNodesChange={onNodesChange}
            onEdgesChange={onEdgesChange}
            onConnect={onConnect}
            onNodeDoubleClick={onNodeDoubleClick}
            deleteKeyCode={DELETE_KEYS}
            zoomOnDoubleClick={false}
            fitView
            fitViewOptions={FIT_VIEW_OPTIONS}
            minZoom={0.1}
            proOptions={PRO_OPTIONS}
          >
            <Background />
            <Controls />
            <RemoteCursors editors={editors} />
          </ReactFlow>
        </NodeActionsContext.Provider>
      </section>
      {editing && (
        <NodeDialog
          type={editing.type}
          initial={editing.data}
          isNew={editing.id === null}
          onClose={() => setEditing(null)}
          onSave={saveNode}
        />
      )}
    </div>
  );
}

/** Others' pointers, drawn in flow coordinates so they stay where they point while this editor pans or zooms. */
function RemoteCursors({ editors }: { editors: RemoteEditor[] }) {
  return (
    <ViewportPortal>
      {editors
        .filter((e) => e.cursor)
        .map((e) => (
          <div
            key={e.clientId}
            className="flow-cursor"
            data-testid="flow-remote-cursor"
            data-user={e.user.name}
            style={{ transform: `translate(${e.cursor!.x}px, ${e.cursor!.y}px)`, color: e.user.color }}
            aria-hidden="true"
          >
            <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
              <path d="M0 0 L0 12 L4 9 L7 15 L9 14 L6 8 L11 8 Z" fill="currentColor" />
            </svg>
            <span className="flow-cursor-name" style={{ background: e.user.color }}>
              {e.user.name}
            </span>
          </div>
        ))}
    </ViewportPortal>
  );
}
