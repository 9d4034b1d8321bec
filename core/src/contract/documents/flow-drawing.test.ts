import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import {
  addFlowEdge,
  addFlowNode,
  edgesOf,
  listFlowEdges,
  listFlowNodes,
  moveFlowNode,
  nodesOf,
  removeFlowEdges,
  removeFlowNodes,
  setFlowNodeData,
} from "./flow.ts";
import { type FlowDrawing, watchFlowDrawing } from "./flow-drawing.ts";

const fullRead = (doc: Y.Doc) => ({ nodes: listFlowNodes(doc), edges: listFlowEdges(doc) });

/** Two copies kept in step the way the sync server relays updates: each update of one applied to the other. */
function pair() {
  const local = new Y.Doc();
  const remote = new Y.Doc();
  local.on("update", (u: Uint8Array, origin: unknown) => origin !== "relay" && Y.applyUpdate(remote, u, "relay"));
  remote.on("update", (u: Uint8Array, origin: unknown) => origin !== "relay" && Y.applyUpdate(local, u, "relay"));
  return { local, remote };
}

/** A small deterministic generator, so a failing sequence can be replayed. */
function random(seed: number) {
  let s = seed;
  return (n: number) => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s % n;
  };
}

describe("#flow drawing watch", () => {
  it("yields the same drawing as a full read after every local and remote edit", () => {
    const { local, remote } = pair();
    const drawings: FlowDrawing[] = [];
    const watch = watchFlowDrawing(local, (d) => drawings.push(d));
    const next = random(7);
    const ids: string[] = [];
    for (let step = 0; step < 400; step++) {
      const doc = next(2) === 0 ? local : remote;
      const id = ids[next(ids.length || 1)];
      switch (next(8)) {
        case 0:
        case 1: {
          const nid = `n${step}`;
          ids.push(nid);
          addFlowNode(doc, { id: nid, type: "message", position: { x: step, y: 0 }, data: { label: nid } });
          break;
        }
        case 2:
          if (id) moveFlowNode(doc, id, { x: next(900), y: next(900) });
          break;
        case 3:
          if (id) setFlowNodeData(doc, id, { label: `edited ${step}` });
          break;
        case 4:
          if (id) removeFlowNodes(doc, [id]);
          break;
        case 5: {
          const to = ids[next(ids.length || 1)];
          if (id && to) addFlowEdge(doc, { id: `e${step}`, source: id, target: to, sourceHandle: null });
          break;
        }
        case 6: {
          const edges = [...edgesOf(doc).keys()];
          if (edges.length > 0) removeFlowEdges(doc, [edges[next(edges.length)]!]);
          break;
        }
        default:
          // An edge to a node not made yet, and the node's seq changed by hand: listed once both ends exist, and
          // the order follows seq.
          if (id) nodesOf(doc).get(id)?.set("seq", next(50));
          if (id) edgesOf(doc).set(`late${step}`, { source: id, target: `n${step + 1}`, sourceHandle: "x" });
      }
      expect(watch.current()).toEqual(fullRead(local));
    }
    expect(drawings.length).toBeGreaterThan(100);
    expect(drawings.at(-1)).toBe(watch.current());
    watch.stop();
  });

  it("keeps every object the change left alone, and calls once per transaction", () => {
    const { local, remote } = pair();
    for (let i = 0; i < 20; i++) {
      addFlowNode(remote, { id: `n${i}`, type: "message", position: { x: i, y: 0 }, data: { label: `m${i}` } });
      if (i > 0) addFlowEdge(remote, { id: `e${i}`, source: `n${i - 1}`, target: `n${i}`, sourceHandle: null });
    }
    const drawings: FlowDrawing[] = [];
    const watch = watchFlowDrawing(local, (d) => drawings.push(d));
    const before = watch.current();

    moveFlowNode(remote, "n3", { x: 500, y: 40 });
    expect(drawings).toHaveLength(1);
    const after = watch.current();
    expect(after.edges).toBe(before.edges);
    after.nodes.forEach((n, i) => {
      if (n.id === "n3") expect(n).not.toBe(before.nodes[i]);
      else expect(n).toBe(before.nodes[i]);
    });
    expect(after.nodes.find((n) => n.id === "n3")?.position).toEqual({ x: 500, y: 40 });

    // Removing a node and its edges is one transaction: one new drawing.
    removeFlowNodes(remote, ["n5"]);
    expect(drawings).toHaveLength(2);
    expect(watch.current()).toEqual(fullRead(local));

    // A move to where the node already is changes nothing.
    moveFlowNode(local, "n3", { x: 500, y: 40 });
    local.transact(() => nodesOf(local).get("n4")?.set("x", 4));
    expect(drawings).toHaveLength(2);

    // An edge drawn to a node this copy does not have yet shows once the node arrives.
    edgesOf(remote).set("ahead", { source: "n1", target: "later", sourceHandle: "x" });
    expect(watch.current().edges.some((e) => e.id === "ahead")).toBe(false);
    addFlowNode(remote, { id: "later", type: "message", position: { x: 0, y: 0 }, data: {} });
    expect(watch.current().edges.some((e) => e.id === "ahead")).toBe(true);
    expect(watch.current()).toEqual(fullRead(local));

    watch.stop();
    moveFlowNode(remote, "n3", { x: 1, y: 1 });
    expect(drawings).toHaveLength(3);
  });
});
