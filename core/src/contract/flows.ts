// Flows (spec 2 §2 flow list and editor, §3 Flow / Flow node / Flow connection, §4, §5, §7 `/flowbuilder...`):
// the request schemas with the spec's texts, the node types and the saved snapshot that the runtime walks
// (decision 0051). The PWA's dialogs and its 'Salvar' validate with these same schemas, so a half-drawn flow is
// refused in the browser with the same words the API would answer.
import { z } from "zod";
import { zId, zIdParam } from "./ids.ts";

/** Spec 2 §3 "Flow node" types, in the spec's order. */
export const FLOW_NODE_TYPES = [
  "start",
  "message",
  "interval",
  "condition",
  "menu",
  "img",
  "audio",
  "randomizer",
  "video",
  "singleBlock",
  "ticket",
  "typebot",
  "openai",
  "question",
] as const;
export type FlowNodeType = (typeof FLOW_NODE_TYPES)[number];

/** The start node's fixed id (spec 2 §3 "start: ... id '1'"). */
export const FLOW_START_ID = "1";
/** Node ids the editor makes: 30 random alphanumerics (spec 2 §9). */
export const FLOW_NODE_ID_LENGTH = 30;
/** Placement (spec 2 §4, §9): a new node goes this far right of the last one; a duplicate this far right of the rightmost. */
export const FLOW_NEW_NODE_GAP = 40;
export const FLOW_DUPLICATE_OFFSET = 240;
/** Interval seconds (spec 2 §9): 1 to 120. */
export const FLOW_INTERVAL_MIN = 1;
export const FLOW_INTERVAL_MAX = 120;
/** Randomizer: 0 to 100 in steps of 10, 0 refused as the interval rule says (spec 2 §5). */
export const FLOW_RANDOMIZER_STEP = 10;
/** Media limits (spec 2 §5, §9). */
export const FLOW_MEDIA = {
  img: {
    extensions: ["png", "jpg", "jpeg"],
    maxBytes: 2 * 1024 * 1024,
    tooLarge: "Arquivo é muito grande! 2MB máximo",
  },
  audio: {
    extensions: ["ogg", "mp3", "opus"],
    maxBytes: 5 * 1024 * 1024,
    tooLarge: "Arquivo é muito grande! 5MB máximo",
  },
  video: { extensions: ["mp4"], maxBytes: 20 * 1024 * 1024, tooLarge: "Arquivo é muito grande! 20MB máximo" },
} as const;
export type FlowMediaKind = keyof typeof FLOW_MEDIA;
/** The multipart field of POST /flowbuilder/img|audio|content (spec 2 §7). */
export const FLOW_MEDIA_FIELD = "medias";
/** Sizes a flow may reach (not in the spec: generous for a drawn flow, bounded for the API; decision 0051). */
export const FLOW_MAX_NODES = 1000;
export const FLOW_MAX_EDGES = 4000;
export const FLOW_TEXT_MAX = 4096;
/** Rows of GET /flowbuilder per page. */
export const FLOWS_PAGE_SIZE = 20;

// Spec 2 §5 texts.
export const FLOW_TEXTS = {
  nameRequired: "Digite um nome!",
  nameShort: "Muito curto!",
  nameLong: "Muito longo!",
  emptyMessage: "Campos de mensagem vazio!",
  intervalRange: "Intervalo não pode ser 0 ou maior que 120!",
  intervalEmpty: "Adicione o valor de intervalo",
  intervalMax: "Máximo de tempo atingido 120 segundos",
  emptyCards: "Delete os cards vazios(Imagem, Audio e Video)",
  queueRequired: "Adicione uma fila",
  required: "Obrigatório",
  videoOnly: "ATENÇÃO! Apenas videos em MP4!",
} as const;

const text = (max = FLOW_TEXT_MAX) => z.string().max(max);
const required = (message: string, max = FLOW_TEXT_MAX) => z.string().trim().min(1, message).max(max);

/** A flow's name: 2 to 50 characters (spec 2 §5). */
export const zFlowName = z
  .string({ error: (iss) => (iss.input === undefined || iss.input === null ? FLOW_TEXTS.nameRequired : undefined) })
  .trim()
  .min(1, FLOW_TEXTS.nameRequired)
  .min(2, FLOW_TEXTS.nameShort)
  .max(50, FLOW_TEXTS.nameLong);

/** Seconds of an interval: 1 to 120, with the standalone dialog's two texts (spec 2 §5). */
export const zIntervalSeconds = z
  .number({ error: FLOW_TEXTS.intervalEmpty })
  .int(FLOW_TEXTS.intervalEmpty)
  .min(FLOW_INTERVAL_MIN, FLOW_TEXTS.intervalEmpty)
  .max(FLOW_INTERVAL_MAX, FLOW_TEXTS.intervalMax);

/** A randomizer's percent for its first output: 10 to 100 in steps of 10 (0 refused, spec 2 §5). */
export const zRandomizerPercent = z
  .number({ error: FLOW_TEXTS.intervalEmpty })
  .int(FLOW_TEXTS.intervalEmpty)
  .min(FLOW_RANDOMIZER_STEP, FLOW_TEXTS.intervalEmpty)
  .max(100, FLOW_TEXTS.intervalEmpty)
  .refine((n) => n % FLOW_RANDOMIZER_STEP === 0, FLOW_TEXTS.intervalEmpty);

/** A media reference the flow sends: core's media URL (POST /flowbuilder/img|audio|content answers it). */
const zMediaUrl = required(FLOW_TEXTS.emptyCards, 1024);

export const zMenuOption = z.object({ number: z.number().int().min(1).max(100), value: required(FLOW_TEXTS.required) });
/** Options numbered 1, 2, 3... in order (spec 2 §3: numbered sequentially, only the last can be removed). */
const zMenuOptions = z
  .array(zMenuOption)
  .min(1, FLOW_TEXTS.required)
  .max(100)
  .refine((options) => options.every((o, i) => o.number === i + 1), "Opções fora de ordem");

/** One element of a content (singleBlock) node. */
export const zContentElement = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("message"),
    number: z.number().int().min(0).max(999),
    value: required(FLOW_TEXTS.emptyMessage),
  }),
  z.object({
    type: z.literal("interval"),
    number: z.number().int().min(0).max(999),
    value: z.coerce
      .number({ error: FLOW_TEXTS.intervalRange })
      .int(FLOW_TEXTS.intervalRange)
      .min(FLOW_INTERVAL_MIN, FLOW_TEXTS.intervalRange)
      .max(FLOW_INTERVAL_MAX, FLOW_TEXTS.intervalRange),
  }),
  z.object({ type: z.literal("img"), number: z.number().int().min(0).max(999), value: zMediaUrl, original: text(255) }),
  z.object({
    type: z.literal("audio"),
    number: z.number().int().min(0).max(999),
    value: zMediaUrl,
    original: text(255),
    record: z.boolean(),
  }),
  z.object({
    type: z.literal("video"),
    number: z.number().int().min(0).max(999),
    value: zMediaUrl,
    original: text(255),
  }),
]);
export type FlowContentElement = z.infer<typeof zContentElement>;

const zTypebotIntegration = z.object({
  type: z.literal("typebot").default("typebot"),
  name: zFlowName,
  projectName: text(255).default(""),
  urlN8N: required(FLOW_TEXTS.required, 2048),
  typebotSlug: required(FLOW_TEXTS.required, 255),
  typebotExpires: z.number().int().min(0).max(10_000).default(1),
  typebotDelayMessage: z.number().int().min(0).max(60_000).default(1000),
  typebotKeywordFinish: text(255).default(""),
  typebotKeywordRestart: text(255).default(""),
  typebotRestartMessage: text().default(""),
  typebotUnknownMessage: text().default(""),
  jsonContent: text(65_536).default(""),
  language: z.enum(["pt-BR", "en", "es"]).default("pt-BR"),
});

const zOpenAiIntegration = z.object({
  name: zFlowName,
  prompt: required(FLOW_TEXTS.required, 16_384),
  voice: text(255).default("texto"),
  voiceKey: text(1024).default(""),
  voiceRegion: text(255).default(""),
  maxTokens: z.number().int().min(1).max(16_384).default(100),
  temperature: z.number().min(0).max(2).default(1),
  apiKey: required(FLOW_TEXTS.required, 1024),
  queueId: zId.nullable().default(null),
  maxMessages: z.number().int().min(1).max(100).default(10),
});

/** answerKey names a variable the later messages use ({{answerKey}}): letters, digits and underscores. */
export const zAnswerKey = required(FLOW_TEXTS.required, 64).regex(
  /^[A-Za-z_][A-Za-z0-9_]*$/,
  "Use letras, números e _",
);

/** Each node type's data (spec 2 §3). */
export const FLOW_NODE_DATA = {
  start: z.object({ label: text(255).default("Inicio do fluxo") }),
  message: z.object({ label: required(FLOW_TEXTS.emptyMessage) }),
  interval: z.object({ sec: zIntervalSeconds, label: text(255).default("") }),
  // Not in the speed dial (spec 2 §2): kept so a stored flow that has one still validates.
  condition: z.object({ key: text(255).default(""), condition: text(64).default(""), value: text().default("") }),
  menu: z.object({ message: required(FLOW_TEXTS.emptyMessage), arrayOption: zMenuOptions }),
  img: z.object({ url: zMediaUrl }),
  audio: z.object({ url: zMediaUrl, record: z.boolean().default(false) }),
  randomizer: z.object({ percent: zRandomizerPercent }),
  video: z.object({ url: zMediaUrl }),
  singleBlock: z
    .object({
      seq: z.array(z.string().max(64)).min(1, FLOW_TEXTS.emptyMessage).max(50),
      elements: z.array(zContentElement).max(50),
    })
    .refine(
      (d) =>
        d.seq.length === d.elements.length &&
        d.seq.every((id) => d.elements.some((e) => `${e.type}${e.number}` === id)),
      "A sequência não corresponde aos elementos",
    ),
  ticket: z.object({
    queue: z.object({ id: zId, name: text(255) }, { error: FLOW_TEXTS.queueRequired }),
  }),
  typebot: z.object({ typebotIntegration: zTypebotIntegration }),
  openai: z.object({ typebotIntegration: zOpenAiIntegration }),
  question: z.object({
    typebotIntegration: z.object({ message: required(FLOW_TEXTS.required), answerKey: zAnswerKey }),
  }),
} satisfies Record<FlowNodeType, z.ZodType>;
export type FlowNodeData<T extends FlowNodeType = FlowNodeType> = z.infer<(typeof FLOW_NODE_DATA)[T]>;

const zNodeId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "Id de nó inválido");
const zCoordinate = z.number().finite().min(-1e7).max(1e7);

export const zFlowNode = z
  .object({
    id: zNodeId,
    position: z.object({ x: zCoordinate, y: zCoordinate }),
    type: z.enum(FLOW_NODE_TYPES),
    data: z.record(z.string(), z.unknown()),
  })
  .transform((node, ctx) => {
    const parsed = FLOW_NODE_DATA[node.type].safeParse(node.data);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        ctx.addIssue({ code: "custom", message: issue.message, path: ["data", ...issue.path] });
      }
      return z.NEVER;
    }
    return { ...node, data: parsed.data as Record<string, unknown> };
  });
export type FlowNode = {
  id: string;
  position: { x: number; y: number };
  type: FlowNodeType;
  data: Record<string, unknown>;
};

/**
 * An edge. `sourceHandle` says which output it leaves from: `option-{n}` for a menu's option n, `percent` or
 * `rest` for a randomizer's two outputs, null for nodes with one output (decision 0051).
 */
export const zFlowConnection = z.object({
  id: z.string().max(200).optional(),
  source: zNodeId,
  target: zNodeId,
  sourceHandle: z.string().max(64).nullable().default(null),
});
export type FlowConnection = { id?: string; source: string; target: string; sourceHandle: string | null };

/** The outputs a node has; an edge from any other handle is refused. */
export function outputHandlesOf(node: Pick<FlowNode, "type" | "data">): (string | null)[] {
  switch (node.type) {
    case "menu":
      return ((node.data.arrayOption as { number: number }[] | undefined) ?? []).map((o) => `option-${o.number}`);
    case "randomizer":
      return ["percent", "rest"];
    // The ticket node ends the flow's part (the conversation leaves it to the queue). TypeBot and OpenAI nodes
    // talk until their bot is done, then the flow goes on from their output (decision 0061).
    case "ticket":
      return [];
    default:
      return [null];
  }
}

/** The saved snapshot (spec 2 §3 "Saved payload: idFlow, nodes, connections"), checked as a whole graph. */
export const ZSaveFlowRequestSchema = z
  .object({
    idFlow: zIdParam,
    nodes: z.array(zFlowNode).max(FLOW_MAX_NODES),
    connections: z.array(zFlowConnection).max(FLOW_MAX_EDGES),
  })
  .superRefine((flow, ctx) => {
    const byId = new Map<string, FlowNode>();
    flow.nodes.forEach((node, i) => {
      if (byId.has(node.id)) ctx.addIssue({ code: "custom", message: "Id de nó repetido", path: ["nodes", i, "id"] });
      byId.set(node.id, node as FlowNode);
    });
    const starts = flow.nodes.filter((n) => n.type === "start");
    if (starts.length !== 1 || starts[0]?.id !== FLOW_START_ID) {
      ctx.addIssue({ code: "custom", message: "O fluxo precisa de um único início", path: ["nodes"] });
    }
    const seen = new Set<string>();
    flow.connections.forEach((edge, i) => {
      const source = byId.get(edge.source);
      if (!source || !byId.has(edge.target)) {
        ctx.addIssue({ code: "custom", message: "Conexão com um nó que não existe", path: ["connections", i] });
        return;
      }
      if (edge.target === FLOW_START_ID || edge.source === edge.target) {
        ctx.addIssue({ code: "custom", message: "Conexão inválida", path: ["connections", i] });
      }
      if (!outputHandlesOf(source).includes(edge.sourceHandle)) {
        ctx.addIssue({ code: "custom", message: "Saída inválida", path: ["connections", i, "sourceHandle"] });
      }
      // One output leads to one place: the runtime never has to choose between two edges of one handle.
      const key = `${edge.source}\u0001${edge.sourceHandle ?? ""}`;
      if (seen.has(key)) ctx.addIssue({ code: "custom", message: "Saída já conectada", path: ["connections", i] });
      seen.add(key);
    });
  });
export type TSaveFlowRequest = z.infer<typeof ZSaveFlowRequestSchema>;
export type FlowSnapshot = { nodes: FlowNode[]; connections: FlowConnection[] };

export const ZCreateFlowRequestSchema = z.object({ name: zFlowName });
export type TCreateFlowRequest = z.infer<typeof ZCreateFlowRequestSchema>;
export const ZUpdateFlowRequestSchema = z.object({ flowId: zIdParam, name: zFlowName, active: z.boolean().optional() });
export type TUpdateFlowRequest = z.infer<typeof ZUpdateFlowRequestSchema>;
export const ZDuplicateFlowRequestSchema = z.object({ flowId: zIdParam });
export const ZListFlowsQuerySchema = z.object({
  searchParam: z.string().trim().max(100).optional(),
  pageNumber: z.coerce.number().int().positive().max(100_000).default(1),
});
export type TListFlowsQuery = z.infer<typeof ZListFlowsQuerySchema>;

/** A row of the list and the answer of create, rename and duplicate. */
export type FlowDTO = {
  id: number;
  name: string;
  active: boolean;
  userId: number | null;
  /** When 'Salvar' last published a snapshot; null while it was never saved. */
  savedAt: string | null;
  createdAt: string;
  updatedAt: string;
};
export type FlowWithSnapshotDTO = FlowDTO & { flow: FlowSnapshot | null };
export type FlowListDTO = { flows: FlowDTO[]; hasMore: boolean };
