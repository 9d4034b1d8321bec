// React hook over flow-doc.ts: the flow's drawing stays open (and in IndexedDB) while the editor shows it; the
// connection is remade when the token or the server address changes.
import { ensureStartNode } from "@chatflow/core/contract/documents/flow.ts";
import { type FlowDrawing, watchFlowDrawing } from "@chatflow/core/contract/documents/flow-drawing.ts";
import { useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import type * as Y from "yjs";
import { type ConnectionState, INITIAL_CONNECTION } from "../sync/co-edited-doc.ts";
import {
  connectFlow,
  type FlowConnection,
  type FlowConnectionOptions,
  openLocalFlow,
  type RemoteEditor,
} from "./flow-doc.ts";

export type { FlowDrawing };

export type UseFlowDoc = ConnectionState & {
  doc: Y.Doc | null;
  drawing: FlowDrawing;
  loaded: boolean;
  editors: RemoteEditor[];
  connection: FlowConnection | null;
};

export function useFlowDoc(o: Omit<FlowConnectionOptions, "onState" | "onEditors">): UseFlowDoc {
  const [doc, setDoc] = useState<Y.Doc | null>(null);
  const [drawing, setDrawing] = useState<FlowDrawing>({ nodes: [], edges: [] });
  const [loaded, setLoaded] = useState(false);
  const [state, setState] = useState<ConnectionState>(INITIAL_CONNECTION);
  const [editors, setEditors] = useState<RemoteEditor[]>([]);
  const [connection, setConnection] = useState<FlowConnection | null>(null);
  const meRef = useRef(o.me);
  meRef.current = o.me;

  useEffect(() => {
    const local = openLocalFlow(o.companyId, o.flowId);
    let live = true;
    // Each change re-reads only what it touched (issue 11: a co-editor's move in a drawing of 500 nodes).
    // A change from elsewhere (the server, this device's storage) arrives outside any React event: it is drawn at
    // once, in the same task, instead of waiting for React's scheduler (a frame later, often).
    const watch = watchFlowDrawing(local.doc, (d, transaction) => {
      if (!live) return;
      if (transaction.local) setDrawing(d);
      else flushSync(() => setDrawing(d));
    });
    setDoc(local.doc);
    void local.loaded.then(() => {
      if (!live) return;
      setLoaded(true);
      setDrawing(watch.current());
    });
    return () => {
      live = false;
      watch.stop();
      setDoc(null);
      setLoaded(false);
      void local.destroy();
    };
  }, [o.companyId, o.flowId]);

  useEffect(() => {
    if (!doc) return;
    setState(INITIAL_CONNECTION);
    const c = connectFlow(doc, {
      companyId: o.companyId,
      flowId: o.flowId,
      token: o.token,
      syncUrl: o.syncUrl,
      renewToken: o.renewToken,
      me: meRef.current,
      onState: setState,
      onEditors: setEditors,
    });
    setConnection(c);
    return () => {
      setConnection(null);
      setEditors([]);
      c.destroy();
    };
  }, [doc, o.companyId, o.flowId, o.token, o.syncUrl, o.renewToken]);

  // A new flow gets its start node once this device's copy and the server's are both known, so two editors
  // opening a new flow at once do not each draw one (the same id '1' would merge anyway).
  useEffect(() => {
    if (doc && loaded && (state.synced || state.status === "disconnected")) ensureStartNode(doc);
  }, [doc, loaded, state.synced, state.status]);

  return { doc, drawing, loaded, editors, connection, ...state };
}
