// One node on the canvas: its type, a summary of its data, an input on the left (not the start node), one output
// per way out on the right (a menu's options, a randomizer's two shares), the duplicate and delete icons (spec 2
// §2), and the outline and name of any other editor who has it selected.
import type { FlowNodeType } from "@chatflow/core/contract/flows.ts";
import { Handle, type NodeProps, Position } from "@xyflow/react";
import { createContext, memo, useContext } from "react";
import { useTranslation } from "react-i18next";
import { readableTextColor } from "../ui/badge.tsx";
import { IconButton } from "../ui/button.tsx";
import { CopyIcon, EditIcon, TrashIcon } from "../ui/icons.tsx";
import { type CanvasNodeData, isStart, outputsOf } from "./flow-rules.ts";

/** What the node's icons and double-click do; given by the editor. */
export type NodeActions = {
  edit(id: string): void;
  duplicate(id: string): void;
  remove(id: string): void;
};
export const NodeActionsContext = createContext<NodeActions | null>(null);

function summary(t: ReturnType<typeof useTranslation>["t"], type: FlowNodeType, data: Record<string, unknown>) {
  const integration = (data.typebotIntegration ?? {}) as Record<string, unknown>;
  switch (type) {
    case "message":
      return String(data.label ?? "");
    case "interval":
      return t("flows.editor.seconds", { count: Number(data.sec ?? 0) });
    case "menu":
      return String(data.message ?? "");
    case "img":
    case "audio":
    case "video":
      return (
        String(data.url ?? "")
          .split("/")
          .pop() ?? ""
      );
    case "singleBlock":
      return t("flows.editor.elements", { count: ((data.elements as unknown[]) ?? []).length });
    case "ticket":
      return t("flows.editor.queueOf", { name: (data.queue as { name?: string } | undefined)?.name ?? "" });
    case "typebot":
    case "openai":
      return String(integration.name ?? "");
    case "question":
      return `${String(integration.message ?? "")} → ${t("flows.editor.answerInto", { key: String(integration.answerKey ?? "") })}`;
    default:
      return "";
  }
}

function NodeView({ data, selected }: NodeProps & { data: CanvasNodeData }) {
  const { t } = useTranslation();
  const actions = useContext(NodeActionsContext);
  const { node, remote } = data;
  const outputs = outputsOf(node);
  const start = isStart(node.id);
  const outline = remote[0]?.color;
  return (
    <div
      className={`flow-node${selected ? " is-selected" : ""}`}
      data-testid="flow-node"
      data-node-id={node.id}
      data-node-type={node.type}
      style={outline ? { boxShadow: `0 0 0 3px ${outline}` } : undefined}
    >
      {!start && <Handle type="target" position={Position.Left} className="flow-handle" />}
      {remote.length > 0 && (
        <span
          className="flow-node-remote"
          style={{ background: outline, color: readableTextColor(outline ?? "") }}
          data-testid="flow-node-remote"
        >
          {remote.map((r) => r.name).join(", ")}
        </span>
      )}
      <div className="flow-node-header">
        <span className="flow-node-type">{t(`flows.editor.types.${node.type}`)}</span>
        {!start && (
          <span className="flow-node-icons nodrag">
            <IconButton
              label={t("flows.editor.editNode")}
              onPress={() => actions?.edit(node.id)}
              data-testid="flow-node-edit"
            >
              <EditIcon size={16} />
            </IconButton>
            <IconButton
              label={t("flows.editor.duplicateNode")}
              onPress={() => actions?.duplicate(node.id)}
              data-testid="flow-node-duplicate"
            >
              <CopyIcon size={16} />
            </IconButton>
            <IconButton
              label={t("flows.editor.deleteNode")}
              onPress={() => actions?.remove(node.id)}
              data-testid="flow-node-delete"
            >
              <TrashIcon size={16} />
            </IconButton>
          </span>
        )}
      </div>
      <div className="flow-node-body">{summary(t, node.type, node.data)}</div>
      {outputs.map((out) => (
        <div key={out.id ?? "out"} className="flow-node-output">
          {out.label && <span className="flow-node-output-label">{out.label}</span>}
          <Handle
            type="source"
            position={Position.Right}
            id={out.id ?? undefined}
            className="flow-handle"
            data-testid={`flow-handle-${out.id ?? "out"}`}
          />
        </div>
      ))}
    </div>
  );
}

type NodeViewProps = NodeProps & { data: CanvasNodeData };

/**
 * Drawn again only when its node, the others' selection on it or its own selection changed: React Flow hands every
 * node new props while it is dragged or measured (position, size), which this view does not show.
 */
export const FlowNodeView = memo(
  NodeView,
  (a: NodeViewProps, b: NodeViewProps) => a.id === b.id && a.data === b.data && a.selected === b.selected,
);
