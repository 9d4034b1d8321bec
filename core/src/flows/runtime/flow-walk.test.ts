import { describe, expect, it } from "vitest";
import type { FlowConnection, FlowNode, FlowSnapshot } from "../../contract/flows.ts";
import {
  chosenOption,
  FLOW_WALK_MAX_NODES,
  fillAnswers,
  rollOf,
  startState,
  type WalkContext,
  walkFlow,
} from "./flow-walk.ts";

const node = (id: string, type: FlowNode["type"], data: Record<string, unknown> = {}): FlowNode => ({
  id,
  position: { x: 0, y: 0 },
  type,
  data,
});
const edge = (source: string, target: string, sourceHandle: string | null = null): FlowConnection => ({
  source,
  target,
  sourceHandle,
});
const ctx = (roll = 0): WalkContext => ({ render: (t, v) => fillAnswers(t, v), roll: () => roll });

describe("#flow walk: randomizer", () => {
  const flow: FlowSnapshot = {
    nodes: [
      node("1", "start"),
      node("r", "randomizer", { percent: 30 }),
      node("a", "message", { label: "caminho A" }),
      node("b", "message", { label: "caminho B" }),
    ],
    connections: [edge("1", "r"), edge("r", "a", "percent"), edge("r", "b", "rest")],
  };

  it("takes the percent output for rolls below the percent and the rest output otherwise", () => {
    expect(walkFlow(flow, startState(), null, ctx(0)).sends).toEqual([{ body: "caminho A" }]);
    expect(walkFlow(flow, startState(), null, ctx(29)).sends).toEqual([{ body: "caminho A" }]);
    expect(walkFlow(flow, startState(), null, ctx(30)).sends).toEqual([{ body: "caminho B" }]);
    expect(walkFlow(flow, startState(), null, ctx(99)).sends).toEqual([{ body: "caminho B" }]);
  });

  it("rolls the same for the same key and splits keys near the percent", () => {
    expect(rollOf("7:1:0:r")).toBe(rollOf("7:1:0:r"));
    let first = 0;
    for (let i = 0; i < 2000; i++) if (rollOf(`${i}:new:0:r`) < 30) first++;
    expect(first / 2000).toBeGreaterThan(0.25);
    expect(first / 2000).toBeLessThan(0.35);
  });
});

describe("#flow walk: content, waits and ends", () => {
  it("sends a content node's elements in seq order, pausing on its interval and resuming after it", () => {
    const flow: FlowSnapshot = {
      nodes: [
        node("1", "start"),
        node("c", "singleBlock", {
          seq: ["message0", "interval0", "img0", "message1"],
          elements: [
            { type: "message", number: 0, value: "primeiro" },
            { type: "message", number: 1, value: "último" },
            { type: "interval", number: 0, value: 5 },
            { type: "img", number: 0, value: "/media/1/a.png", original: "a.png" },
          ],
        }),
        node("e", "message", { label: "fim" }),
      ],
      connections: [edge("1", "c"), edge("c", "e")],
    };
    const first = walkFlow(flow, startState(), null, ctx());
    expect(first.sends).toEqual([{ body: "primeiro" }]);
    expect(first).toMatchObject({
      intervalSeconds: 5,
      end: null,
      state: { nodeId: "c", element: 2, waitingFor: "interval" },
    });
    const second = walkFlow(flow, first.state, null, ctx());
    expect(second.sends).toEqual([
      { body: "", media: { mediaType: "image", mediaUrl: "/media/1/a.png" } },
      { body: "último" },
      { body: "fim" },
    ]);
    expect(second.end).toEqual({ reason: "end" });
  });

  it("keeps a question's answer for later messages, waits on a typebot node, and goes on when the bot is done", () => {
    const flow: FlowSnapshot = {
      nodes: [
        node("1", "start"),
        node("q", "question", { typebotIntegration: { message: "Seu e-mail?", answerKey: "email" } }),
        node("m", "message", { label: "Anotado: {{email}}" }),
        node("t", "typebot", { typebotIntegration: {} }),
        node("after", "message", { label: "De volta ao fluxo, {{email}}" }),
      ],
      connections: [edge("1", "q"), edge("q", "m"), edge("m", "t"), edge("t", "after")],
    };
    const asked = walkFlow(flow, startState(), null, ctx());
    expect(asked.sends).toEqual([{ body: "Seu e-mail?" }]);
    expect(asked.state.waitingFor).toBe("question");
    const answered = walkFlow(flow, asked.state, "  ana@example.com ", ctx());
    expect(answered.sends).toEqual([{ body: "Anotado: ana@example.com" }]);
    expect(answered.state.variables).toEqual({ email: "ana@example.com" });
    expect(answered.end).toBeNull();
    expect(answered).toMatchObject({ handover: "typebot", state: { nodeId: "t", waitingFor: "typebot" } });
    // The bot finished: the walk leaves the node by its output.
    const back = walkFlow(flow, answered.state, null, ctx());
    expect(back.sends).toEqual([{ body: "De volta ao fluxo, ana@example.com" }]);
    expect(back).toMatchObject({ handover: null, end: { reason: "end" } });
  });

  it("ends a loop with no wait in it instead of spinning", () => {
    const flow: FlowSnapshot = {
      nodes: [node("1", "start"), node("a", "message", { label: "a" }), node("b", "message", { label: "b" })],
      connections: [edge("1", "a"), edge("a", "b"), edge("b", "a")],
    };
    const out = walkFlow(flow, startState(), null, ctx());
    expect(out.end).toEqual({ reason: "loop" });
    expect(out.sends.length).toBe(FLOW_WALK_MAX_NODES - 1);
  });

  it("ends when the node the run stood on was removed by a later 'Salvar'", () => {
    const flow: FlowSnapshot = { nodes: [node("1", "start")], connections: [] };
    const out = walkFlow(flow, { nodeId: "gone", element: 0, waitingFor: "menu", variables: {} }, "1", ctx());
    expect(out).toMatchObject({ sends: [], end: { reason: "missingNode" } });
  });

  it("picks a menu option by its number or its text, case and accents aside", () => {
    const options = [
      { number: 1, value: "Vendas" },
      { number: 2, value: "Suporte Técnico" },
    ];
    expect(chosenOption(options, " 2 ")?.number).toBe(2);
    expect(chosenOption(options, "suporte  tecnico")?.number).toBe(2);
    expect(chosenOption(options, "3")).toBeUndefined();
    expect(chosenOption(options, "quero vendas")).toBeUndefined();
  });
});
