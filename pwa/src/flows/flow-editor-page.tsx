// /flowbuilder/{id} (spec 2 §2 "Flow editor"; admins only): the flow's drawing co-edited live (decision 0051).
// Pan and zoom, the speed dial, each node's dialog (double-click), duplicate and delete icons, Delete or
// Backspace removing the selection, edges drawn between outputs and inputs; every change goes into the flow's
// Yjs document at once (kept on this device and sent to the sync server), others' pointers and selections show
// on the canvas, and 'Salvar' publishes the validated snapshot the runtime runs.

import { drawingMatchesPublished, drawnPublishOf } from "@chatflow/core/contract/documents/flow-published.ts";
import { FLOW_START_ID, type FlowWithSnapshotDTO } from "@chatflow/core/contract/flows.ts";
import { ReactFlowProvider } from "@xyflow/react";
import "@xyflow/react/dist/style.css";
import { useCallback, useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import type * as Y from "yjs";
import { tokens } from "../app-services.ts";
import { useSessionUser } from "../auth/use-session-user.ts";
import { useOnline } from "../layout/use-online.ts";
import { defaultSyncUrl } from "../quick-messages/quick-messages-doc.ts";
import { Button } from "../ui/button.tsx";
import { EmptyState } from "../ui/empty-state.tsx";
import { FlowCanvas } from "./flow-canvas.tsx";
import { forgetLocalFlow } from "./flow-doc.ts";
import { FlowEditorHeader } from "./flow-editor-header.tsx";
import { flowSocketAuth, useFlowMeta } from "./flows-data.ts";
import { NodeDialog } from "./node-dialog.tsx";
import { useFlowCanvas } from "./use-flow-canvas.ts";
import { type FlowDrawing, useFlowDoc } from "./use-flow-doc.ts";
import { useFlowNodeEditing, useFlowPublish } from "./use-flow-editor.ts";
import "./flows.css";

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
  const { meta, missing, setMeta, reloadMeta } = useFlowMeta(flowId, online);

  // After the editor has closed its copy (its effects are cleaned up before this one runs).
  useEffect(() => {
    if (missing) void forgetLocalFlow(companyId, flowId);
  }, [missing, companyId, flowId]);

  if (missing) return <FlowMissing />;
  return (
    <ReactFlowProvider>
      <FlowEditor
        companyId={companyId}
        flowId={flowId}
        me={me}
        meta={meta}
        onSaved={setMeta}
        onPublishedElsewhere={reloadMeta}
      />
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

function FlowEditor({
  companyId,
  flowId,
  me,
  meta,
  onSaved,
  onPublishedElsewhere,
}: {
  companyId: number;
  flowId: number;
  me: { id: number; name: string };
  meta: FlowWithSnapshotDTO | null;
  onSaved: (flow: FlowWithSnapshotDTO) => void;
  onPublishedElsewhere: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const online = useOnline();
  const flow = useFlowDoc({
    companyId,
    flowId,
    token: flowSocketAuth.token,
    syncUrl: defaultSyncUrl(),
    renewToken: flowSocketAuth.renew,
    me,
  });
  const { doc, drawing, editors, connection } = flow;
  const { nodes, edges, onNodesChange, onEdgesChange, onConnect, measured } = useFlowCanvas(
    drawing,
    editors,
    doc,
    connection,
  );
  const { editing, closeDialog, actions, dial, saveNode } = useFlowNodeEditing(doc, drawing, measured);
  const { saving, publish } = useFlowPublish(doc, flowId, onSaved);
  const unpublished = useUnpublished(doc, drawing, flow.loaded ? meta : null, onPublishedElsewhere);

  const status = flow.refused
    ? t("flows.editor.refused")
    : !online || flow.status === "disconnected"
      ? t("flows.editor.offline")
      : !flow.synced
        ? t("flows.editor.connecting")
        : null;
  return (
    <div className="flow-editor" data-testid="flow-editor" data-synced={flow.synced ? "true" : "false"}>
      <FlowEditorHeader
        name={meta?.name ?? ""}
        editors={editors}
        hasStart={drawing.nodes.some((n) => n.id === FLOW_START_ID)}
        online={online}
        canSave={Boolean(doc)}
        saving={saving}
        unpublished={unpublished}
        onDial={dial}
        onSave={() => void publish()}
      />
      {status && (
        <p className="flow-editor-status" role="status" data-testid="flow-editor-status">
          {status}
        </p>
      )}
      <FlowCanvas
        name={meta?.name ?? ""}
        nodes={nodes}
        edges={edges}
        onNodesChange={onNodesChange}
        onEdgesChange={onEdgesChange}
        onConnect={onConnect}
        actions={actions}
        editors={editors}
        connection={connection}
      />
      {editing && (
        <NodeDialog
          type={editing.type}
          initial={editing.data}
          isNew={editing.id === null}
          onClose={closeDialog}
          onSave={saveNode}
        />
      )}
    </div>
  );
}

/**
 * Whether what runs (the published snapshot) differs from what is drawn (decision 0107); null while either is not
 * known. A publish made elsewhere (the API, another editor) reaches the drawing with its time noted there: the
 * published snapshot is read again then.
 */
function useUnpublished(
  doc: Y.Doc | null,
  drawing: FlowDrawing,
  meta: FlowWithSnapshotDTO | null,
  reload: () => Promise<void>,
): boolean | null {
  const savedAt = meta?.savedAt ?? null;
  // The published flow is read again when the drawing notes a publish newer than the one read.
  const readAgainIfPublishedElsewhere = useCallback(() => {
    const drawn = doc ? drawnPublishOf(doc) : null;
    if (drawn && drawn !== savedAt) void reload();
  }, [doc, savedAt, reload]);
  useEffect(() => {
    if (!doc) return;
    const published = doc.getMap("published");
    published.observe(readAgainIfPublishedElsewhere);
    return () => published.unobserve(readAgainIfPublishedElsewhere);
  }, [doc, readAgainIfPublishedElsewhere]);
  // A publish taken in while this editor loaded, or while an older read of the published flow was on its way, raised
  // no event the observer above saw: each change of the drawing (and a new read) checks again.
  const drawnNodes = drawing.nodes;
  useEffect(() => {
    if (drawnNodes.length > 0) readAgainIfPublishedElsewhere();
  }, [drawnNodes, readAgainIfPublishedElsewhere]);
  return useMemo(
    () => (meta ? !drawingMatchesPublished({ nodes: drawing.nodes, edges: drawing.edges }, meta.flow) : null),
    [meta, drawing],
  );
}
