import {
  addFlowEdge,
  addFlowNode,
  ensureStartNode,
  listFlowEdges,
  listFlowNodes,
  moveFlowNode,
  readFlowSnapshot,
  removeFlowNodes,
  setFlowNodeData,
} from "@chatflow/core/contract/documents/flow.ts";
import { FLOW_NODE_DATA, ZSaveFlowRequestSchema } from "@chatflow/core/contract/flows.ts";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import {
  duplicatePosition,
  newNodePosition,
  outputsOf,
  randomNodeId,
  sameCanvasNode,
  toCanvasNodes,
  variablesOf,
} from "./flow-rules.ts";

const node = (id: string, x: number, seq: number, width?: number) => ({ id, position: { x, y: 10 }, seq, width });

describe("#flows.placement", () => {
  it("puts a new node 40 px right of the last one made, whatever its x", () => {
    expect(newNodePosition([])).toEqual({ x: 0, y: 0 });
    expect(newNodePosition([node("a", 500, 1, 200), node("b", 100, 2, 180)])).toEqual({ x: 100 + 180 + 40, y: 10 });
    // Unmeasured: the drawn width (220).
    expect(newNodePosition([node("a", 0, 1)])).toEqual({ x: 260, y: 10 });
  });

  it("puts a duplicate at the rightmost x plus 240, at the original's height", () => {
    const nodes = [node("a", 0, 1), node("b", 900, 2), { ...node("c", 300, 3), position: { x: 300, y: 77 } }];
    expect(duplicatePosition(nodes, nodes[2]!)).toEqual({ x: 1140, y: 77 });
  });

  it("makes 30-character alphanumeric ids, each different", () => {
    const ids = new Set(Array.from({ length: 200 }, () => randomNodeId()));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9]{30}$/);
  });
});

describe("#flows.variables", () => {
  it("rebuilds the list from every question's answerKey, once each", () => {
    const q = (key: string) => ({
      type: "question" as const,
      data: { typebotIntegration: { message: "?", answerKey: key } },
    });
    expect(variablesOf([q("nome"), { type: "menu", data: {} }, q("cpf"), q("nome")])).toEqual(["nome", "cpf"]);
  });

  it("replaces a question's old answerKey when the node is saved with a new one", () => {
    const doc = new Y.Doc();
    addFlowNode(doc, {
      id: "q",
      type: "question",
      position: { x: 0, y: 0 },
      data: { typebotIntegration: { message: "?", answerKey: "velho" } },
    });
    setFlowNodeData(doc, "q", { typebotIntegration: { message: "?", answerKey: "novo" } });
    expect(variablesOf(listFlowNodes(doc))).toEqual(["novo"]);
  });
});

describe("#flows.document", () => {
  it("removes a node's edges with it, and keeps one edge per output", () => {
    const doc = new Y.Doc();
    ensureStartNode(doc);
    addFlowNode(doc, {
      id: "m",
      type: "menu",
      position: { x: 260, y: 0 },
      data: { message: "?", arrayOption: [{ number: 1, value: "a" }] },
    });
    addFlowNode(doc, { id: "x", type: "message", position: { x: 520, y: 0 }, data: { label: "oi" } });
    addFlowNode(doc, { id: "y", type: "message", position: { x: 520, y: 100 }, data: { label: "tchau" } });
    addFlowEdge(doc, { id: "e1", source: "1", target: "m", sourceHandle: null });
    addFlowEdge(doc, { id: "e2", source: "m", target: "x", sourceHandle: "option-1" });
    // The same output again: the new edge replaces the old one.
    addFlowEdge(doc, { id: "e3", source: "m", target: "y", sourceHandle: "option-1" });
    expect(listFlowEdges(doc).map((e) => e.id)).toEqual(["e1", "e3"]);
    removeFlowNodes(doc, ["m"]);
    expect(listFlowEdges(doc)).toEqual([]);
    expect(listFlowNodes(doc).map((n) => n.id)).toEqual(["1", "x", "y"]);
  });

  it("merges a move and a data edit of the same node made on two devices", () => {
    const a = new Y.Doc();
    ensureStartNode(a);
    addFlowNode(a, { id: "m", type: "message", position: { x: 0, y: 0 }, data: { label: "oi" } });
    const b = new Y.Doc();
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a));
    moveFlowNode(a, "m", { x: 400, y: 50 });
    setFlowNodeData(b, "m", { label: "olá" });
    Y.applyUpdate(a, Y.encodeStateAsUpdate(b));
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a));
    for (const doc of [a, b]) {
      const m = listFlowNodes(doc).find((n) => n.id === "m")!;
      expect(m.position).toEqual({ x: 400, y: 50 });
      expect(m.data).toEqual({ label: "olá" });
    }
  });

  it("maps the document to React Flow nodes and to a snapshot the API accepts", () => {
    const doc = new Y.Doc();
    ensureStartNode(doc);
    addFlowNode(doc, { id: "r", type: "randomizer", position: { x: 260, y: 0 }, data: { percent: 30 } });
    addFlowNode(doc, { id: "i", type: "interval", position: { x: 520, y: 0 }, data: { sec: 5, label: "" } });
    addFlowEdge(doc, { id: "e1", source: "1", target: "r", sourceHandle: null });
    addFlowEdge(doc, { id: "e2", source: "r", target: "i", sourceHandle: "rest" });
    const canvas = toCanvasNodes(listFlowNodes(doc), new Set(["r"]), new Map([["i", [{ name: "Ana", color: "red" }]]]));
    expect(canvas.map((n) => [n.id, n.selected, n.data.remote.length])).toEqual([
      ["1", false, 0],
      ["r", true, 0],
      ["i", false, 1],
    ]);
    expect(outputsOf(listFlowNodes(doc)[1]!)).toEqual([
      { id: "percent", label: "30%" },
      { id: "rest", label: "70%" },
    ]);
    const parsed = ZSaveFlowRequestSchema.safeParse({ idFlow: 1, ...readFlowSnapshot(doc) });
    expect(parsed.success).toBe(true);
  });
});

describe("#flows.canvas", () => {
  it("keeps a node drawn as it is only when its type, place, data and others' selections are unchanged", () => {
    const node = { id: "a", type: "message" as const, seq: 1, position: { x: 10, y: 20 }, data: { label: "Oi" } };
    const remote = [{ name: "Bruna", color: "#f00" }];
    const shown = { node, remote };
    expect(sameCanvasNode(shown, { ...node, data: { label: "Oi" } }, [{ name: "Bruna", color: "#f00" }])).toBe(true);
    expect(sameCanvasNode(undefined, node, remote)).toBe(false);
    expect(sameCanvasNode(shown, { ...node, position: { x: 11, y: 20 } }, remote)).toBe(false);
    expect(sameCanvasNode(shown, { ...node, data: { label: "Olá" } }, remote)).toBe(false);
    expect(sameCanvasNode(shown, { ...node, type: "menu" }, remote)).toBe(false);
    expect(sameCanvasNode(shown, node, [])).toBe(false);
    expect(sameCanvasNode(shown, node, [{ name: "Bruna", color: "#0f0" }])).toBe(false);
  });
});

describe("#flows.validation", () => {
  const issue = (type: keyof typeof FLOW_NODE_DATA, data: unknown) => {
    const r = FLOW_NODE_DATA[type].safeParse(data);
    return r.success ? null : r.error.issues[0]?.message;
  };
  it("applies the §5 rules in the dialogs", () => {
    expect(issue("interval", { sec: 0 })).toBe("Adicione o valor de intervalo");
    expect(issue("interval", { sec: 121 })).toBe("Máximo de tempo atingido 120 segundos");
    expect(issue("interval", { sec: 120 })).toBeNull();
    expect(issue("randomizer", { percent: 0 })).toBe("Adicione o valor de intervalo");
    expect(issue("randomizer", { percent: 15 })).toBe("Adicione o valor de intervalo");
    expect(issue("randomizer", { percent: 60 })).toBeNull();
    expect(issue("ticket", {})).toBe("Adicione uma fila");
    expect(issue("question", { typebotIntegration: { message: "Nome?", answerKey: "" } })).toBe("Obrigatório");
    expect(issue("menu", { message: "", arrayOption: [{ number: 1, value: "a" }] })).toBe("Campos de mensagem vazio!");
    expect(
      issue("singleBlock", {
        seq: ["video0"],
        elements: [{ type: "video", number: 0, value: "", original: "" }],
      }),
    ).toBe("Delete os cards vazios(Imagem, Audio e Video)");
  });
});
