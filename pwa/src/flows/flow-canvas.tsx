// The flow editor's canvas (decision 0051): pan and zoom, the nodes with their actions (through the context every
// node reads), edges drawn between outputs and inputs, Delete or Backspace removing the selection, and others'
// pointers; this editor's own pointer goes out as presence.
import {
  Background,
  type Connection,
  Controls,
  type Edge,
  type EdgeChange,
  type Node,
  type NodeChange,
  ReactFlow,
  useReactFlow,
} from "@xyflow/react";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import type { FlowConnection, RemoteEditor } from "./flow-doc.ts";
import { FlowNodeView, type NodeActions, NodeActionsContext } from "./flow-node-view.tsx";
import { RemoteCursors } from "./remote-cursors.tsx";

const NODE_TYPES = { flow: FlowNodeView };
// Props handed to React Flow as constants: a new object or array each render would make it update its store.
const FIT_VIEW_OPTIONS = { maxZoom: 1 };
const PRO_OPTIONS = { hideAttribution: true };
const DELETE_KEYS = ["Delete", "Backspace"];

export function FlowCanvas({
  name,
  nodes,
  edges,
  onNodesChange,
  onEdgesChange,
  onConnect,
  actions,
  editors,
  connection,
}: {
  name: string;
  nodes: Node[];
  edges: Edge[];
  onNodesChange: (changes: NodeChange[]) => void;
  onEdgesChange: (changes: EdgeChange[]) => void;
  onConnect: (connection: Connection) => void;
  /** The same object for the editor's whole life with one document (a new one redraws every node). */
  actions: NodeActions;
  editors: RemoteEditor[];
  connection: FlowConnection | null;
}) {
  const { t } = useTranslation();
  const { screenToFlowPosition } = useReactFlow();
  const onNodeDoubleClick = useCallback((_event: React.MouseEvent, node: Node) => actions.edit(node.id), [actions]);
  const onPointer = (event: React.PointerEvent) => {
    connection?.setPresence({ cursor: screenToFlowPosition({ x: event.clientX, y: event.clientY }) });
  };
  return (
    <section
      className="flow-canvas"
      aria-label={t("flows.editor.canvas", { name })}
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
  );
}
