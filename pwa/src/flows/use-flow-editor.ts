// The flow editor's actions (spec 2 §2 "Flow editor", §4): the node open in its dialog, each node's edit, duplicate
// and delete, the speed dial, the dialog's save into the document, and 'Salvar' publishing the validated snapshot.

import {
  addFlowNode,
  readFlowSnapshot,
  removeFlowNodes,
  setFlowNodeData,
} from "@chatflow/core/contract/documents/flow.ts";
import {
  FLOW_START_ID,
  type FlowNodeType,
  type FlowWithSnapshotDTO,
  ZSaveFlowRequestSchema,
} from "@chatflow/core/contract/flows.ts";
import { useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type * as Y from "yjs";
import { validationText } from "../i18n/form-errors.ts";
import { errorText } from "../i18n/translate-error.ts";
import { showToast } from "../ui/toasts.ts";
import { FLOW_MESSAGES } from "./flow-messages.ts";
import { duplicatePosition, newNodePosition, randomNodeId, SPEED_DIAL } from "./flow-rules.ts";
import { usePublishFlow } from "./flows-data.ts";
import { emptyData } from "./node-dialog.tsx";
import type { useFlowCanvas } from "./use-flow-canvas.ts";
import type { FlowDrawing } from "./use-flow-doc.ts";

/** The node in the dialog: its type, its id (null: a new one) and its data. */
export type FlowEditing = { type: FlowNodeType; id: string | null; data: Record<string, unknown> };

type Measured = ReturnType<typeof useFlowCanvas>["measured"];

export function useFlowNodeEditing(doc: Y.Doc | null, drawing: FlowDrawing, measured: Measured) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<FlowEditing | null>(null);
  // What the node actions read when called, so they (and the context every node reads) stay the same objects.
  const drawingRef = useRef(drawing);
  drawingRef.current = drawing;

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

  return { editing, closeDialog: () => setEditing(null), actions, dial, saveNode };
}

export function useFlowPublish(doc: Y.Doc | null, flowId: number, onSaved: (flow: FlowWithSnapshotDTO) => void) {
  const { t } = useTranslation();
  const publishFlow = usePublishFlow();
  const [saving, setSaving] = useState(false);

  async function publish() {
    if (!doc) return;
    const parsed = ZSaveFlowRequestSchema.safeParse({ idFlow: flowId, ...readFlowSnapshot(doc) });
    if (!parsed.success) {
      showToast(validationText(parsed.error.issues[0]?.message ?? "", FLOW_MESSAGES), "error");
      return;
    }
    setSaving(true);
    try {
      onSaved(await publishFlow(parsed.data));
      showToast(t("flows.toasts.saved"), "info");
    } catch (err) {
      showToast(errorText(err), "error");
    } finally {
      setSaving(false);
    }
  }

  return { saving, publish };
}
