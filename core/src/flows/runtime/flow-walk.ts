// The flow runtime's walk (decision 0054), pure: from where a ticket's run stands and what the contact just wrote,
// what to send, where the run stops and what it waits for. The database side (flow-runs.ts) loads and applies it.
// It walks the snapshot 'Salvar' published (decision 0051): start at node '1', follow the edge leaving the node's
// output (null, `option-{n}` of a menu, `percent`/`rest` of a randomizer).

import { numberedMenu } from "../../bot/queue-options.ts";
import type { FlowConnection, FlowContentElement, FlowNode, FlowSnapshot } from "../../contract/flows.ts";
import { FLOW_START_ID } from "../../contract/flows.ts";

export type FlowWait = "menu" | "question" | "interval" | FlowBot;
/** The nodes that hand the conversation to a bot until it is done, then go on (decision 0061). */
export type FlowBot = "typebot" | "openai";

/** Where a run stands between two walks (a row of flow_runs). */
export type RunState = {
  nodeId: string;
  /** The next element of a content (singleBlock) node. */
  element: number;
  waitingFor: FlowWait | null;
  variables: Record<string, string>;
};

export type FlowSend = { body: string; media?: { mediaType: string; mediaUrl: string } };

/** Why a run ended. `ticket` moves the ticket to `queue`. */
export type FlowEnd =
  | { reason: "ticket"; queue: { id: number; name: string } }
  | { reason: "end" | "missingNode" | "loop" };

export type WalkResult = {
  sends: FlowSend[];
  state: RunState;
  /** Seconds until the run resumes, when it stopped on an interval. */
  intervalSeconds: number | null;
  /** The bot the run now waits on, when it just reached a TypeBot or OpenAI node (its first turn is due). */
  handover: FlowBot | null;
  end: FlowEnd | null;
};

export type WalkContext = {
  /** Fills the message variables and the question answers into a text. */
  render: (text: string, variables: Record<string, string>) => string;
  /** 0 to 99 for a randomizer node: the same key gives the same roll, so a retried step takes the same way. */
  roll: (nodeId: string) => number;
};

/** How many nodes one walk may visit: a loop with no wait in it ends the run instead of spinning. */
export const FLOW_WALK_MAX_NODES = 100;
/** An answer kept in a variable is cut to this length. */
export const FLOW_ANSWER_MAX = 1000;

/** The state of a run that starts at the flow's start node. */
export const startState = (): RunState => ({ nodeId: FLOW_START_ID, element: 0, waitingFor: null, variables: {} });

/** A menu's text: its message, then one numbered line per option. */
export function menuText(message: string, options: readonly { number: number; value: string }[]): string {
  return `${message}\n\n${numberedMenu(options.map((o) => ({ name: o.value })))}`;
}

/** The option an answer picks: its number, or its text (case and accents aside). */
export function chosenOption<T extends { number: number; value: string }>(options: readonly T[], body: string) {
  const text = fold(body);
  if (/^\d{1,4}$/.test(text)) return options.find((o) => o.number === Number(text));
  return options.find((o) => fold(o.value) === text);
}

/** Case, accents and repeated spaces aside: how phrases and menu answers are compared. */
export const fold = (s: string) => s.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " ").trim();

const MEDIA_TYPE = { img: "image", video: "video", audio: "audio" } as const;

/**
 * One walk. `input` is the contact's text when the run waits for a menu answer or a question; null when it starts
 * or resumes after an interval.
 */
export function walkFlow(flow: FlowSnapshot, from: RunState, input: string | null, ctx: WalkContext): WalkResult {
  const nodes = new Map(flow.nodes.map((n) => [n.id, n]));
  const edges = new Map<string, FlowConnection>();
  for (const e of flow.connections) edges.set(`${e.source}\u0001${e.sourceHandle ?? ""}`, e);
  const out: WalkResult = {
    sends: [],
    state: { ...from, variables: { ...from.variables } },
    intervalSeconds: null,
    handover: null,
    end: null,
  };
  const state = out.state;
  const say = (text: string) => {
    const body = ctx.render(text, state.variables).trim();
    if (body) out.sends.push({ body });
  };
  const stop = (end: FlowEnd): WalkResult => {
    out.end = end;
    state.waitingFor = null;
    return out;
  };
  /** The node behind `handle` of `node`; undefined ends the run (an output left unconnected). */
  const next = (node: FlowNode, handle: string | null = null) => {
    const edge = edges.get(`${node.id}\u0001${handle ?? ""}`);
    return edge ? nodes.get(edge.target) : undefined;
  };

  let node = nodes.get(state.nodeId);
  if (!node) return stop({ reason: "missingNode" });
  const waiting = state.waitingFor;
  state.waitingFor = null;
  if (waiting === "menu" && node.type === "menu") {
    const data = node.data as { message: string; arrayOption: { number: number; value: string }[] };
    const option = chosenOption(data.arrayOption, input ?? "");
    if (!option) {
      // An answer that is no option: the menu is asked again, and the run keeps waiting on it.
      say(menuText(data.message, data.arrayOption));
      state.waitingFor = "menu";
      return out;
    }
    node = next(node, `option-${option.number}`);
  } else if (waiting === "question" && node.type === "question") {
    const { answerKey } = (node.data as { typebotIntegration: { answerKey: string } }).typebotIntegration;
    state.variables[answerKey] = (input ?? "").trim().slice(0, FLOW_ANSWER_MAX);
    node = next(node);
  } else if (waiting === "interval" && node.type === "interval") {
    node = next(node);
  } else if ((waiting === "typebot" || waiting === "openai") && node.type === waiting) {
    // The bot is done with the conversation (its finish keyword, its end, the hand-over answer): on to the next.
    node = next(node);
  } else if (waiting === "interval" && (node.type === "typebot" || node.type === "openai")) {
    // The bot was done but its last texts went out at its pace (flow-bots.ts): their time is up, on to the next.
    node = next(node);
  } else if (waiting === null || (waiting === "interval" && node.type === "singleBlock")) {
    // A fresh start, or a content node resuming at state.element.
  } else {
    return stop({ reason: "missingNode" });
  }

  for (let visited = 0; node; visited++) {
    if (visited >= FLOW_WALK_MAX_NODES) return stop({ reason: "loop" });
    const element = node.id === state.nodeId ? state.element : 0;
    state.nodeId = node.id;
    state.element = 0;
    const data = node.data;
    switch (node.type) {
      case "start":
      case "condition":
        node = next(node);
        break;
      case "message":
        say(String(data.label ?? ""));
        node = next(node);
        break;
      case "img":
      case "video":
      case "audio":
        out.sends.push({ body: "", media: { mediaType: MEDIA_TYPE[node.type], mediaUrl: String(data.url) } });
        node = next(node);
        break;
      case "interval":
        state.waitingFor = "interval";
        out.intervalSeconds = Number(data.sec);
        return out;
      case "menu": {
        const menu = data as { message: string; arrayOption: { number: number; value: string }[] };
        say(menuText(menu.message, menu.arrayOption));
        state.waitingFor = "menu";
        return out;
      }
      case "question":
        say((data as { typebotIntegration: { message: string } }).typebotIntegration.message);
        state.waitingFor = "question";
        return out;
      case "randomizer":
        node = next(node, ctx.roll(node.id) < Number(data.percent) ? "percent" : "rest");
        break;
      case "singleBlock": {
        const paused = walkContent(data as { seq: string[]; elements: FlowContentElement[] }, element, say, out);
        if (paused !== null) {
          state.element = paused;
          state.waitingFor = "interval";
          return out;
        }
        node = next(node);
        break;
      }
      case "ticket":
        return stop({ reason: "ticket", queue: (data as { queue: { id: number; name: string } }).queue });
      case "typebot":
      case "openai":
        // The bot talks until it is done (flow-bots.ts, in the worker); the run waits on the node meanwhile.
        state.waitingFor = node.type;
        out.handover = node.type;
        return out;
    }
  }
  return stop({ reason: "end" });
}

/**
 * A content node's elements in `seq` order from `from`; answers the element to resume at when an interval
 * element pauses it (out.intervalSeconds set), null when every element was sent.
 */
function walkContent(
  data: { seq: string[]; elements: FlowContentElement[] },
  from: number,
  say: (text: string) => void,
  out: WalkResult,
): number | null {
  for (let i = from; i < data.seq.length; i++) {
    const el = data.elements.find((e) => `${e.type}${e.number}` === data.seq[i]);
    if (!el) continue;
    if (el.type === "message") say(el.value);
    else if (el.type === "interval") {
      out.intervalSeconds = Number(el.value);
      return i + 1;
    } else out.sends.push({ body: "", media: { mediaType: MEDIA_TYPE[el.type], mediaUrl: el.value } });
  }
  return null;
}

/** A deterministic 0–99 from a key (FNV-1a): a run's randomizer takes the same way if its step is retried. */
export function rollOf(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) % 100;
}

/** Fills `{{answerKey}}` with the question answers; other names are left for the message variables. */
export function fillAnswers(text: string, variables: Record<string, string>): string {
  return text.replace(/\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g, (whole, key: string) =>
    Object.hasOwn(variables, key) ? variables[key]! : whole,
  );
}
