// What the queue bot does once a ticket meets a queue (spec 2 §4 "Queue options"):
// out of hours the out-of-hours message; otherwise the queue's greeting and its
// option tree walked level by level, a lone option picked automatically, the walk
// stopping at an option without a greeting; each option type acts (decision 0041).
// Pure: the queue bot loads the rows and applies the outcome.
import type { ChatbotOptionType } from "../contract/chatbots.ts";

export type OptionNode = {
  id: number;
  name: string;
  greetingMessage: string | null;
  queueType: ChatbotOptionType;
  optQueueId: number | null;
  optUserId: number | null;
  /** The file list an option of type file sends (spec 2 §3). */
  optFileId: number | null;
  closeTicket: boolean;
  options: OptionNode[];
};

/** A file list as the bot sends it: its message, then each file with its name as the caption. */
export type BotFileList = {
  message: string;
  files: { name: string; path: string; mediaType: "image" | "audio" | "video" | "application" }[];
};

export type BotQueue = {
  id: number;
  name: string;
  greetingMessage: string | null;
  outOfHoursMessage: string | null;
  /** The company's scheduleType is queue and now is outside this queue's hours. */
  outOfHours: boolean;
  /** First level of the option tree. */
  options: OptionNode[];
  /** The file lists its options of type file name, by id (the company's only). */
  fileLists: Map<number, BotFileList>;
};

export type TicketLogEntry = {
  type: "chatBot" | "queue" | "transfered" | "closed";
  queueId: number | null;
  userId: number | null;
};

/** The ticket's new state and what the bot says and logs; null fields stay as they are. */
export type Outcome = {
  queueId: number | null;
  userId: number | null;
  status: "open" | "closed" | null;
  isBot: boolean;
  queueOptionId: number | null;
  /** The bot starts now (bot_started_at). */
  start: boolean;
  /** amount_used_bot_queues: 1 for a new menu, +1 for a menu sent again. */
  used: "reset" | "increment" | "keep";
  messages: { body: string; queueId: number | null; media?: { mediaType: string; mediaUrl: string } }[];
  logs: TicketLogEntry[];
};

/** Fills a text's variables for the queue it is sent in ("" for no text). */
export type Render = (text: string | null, queueName: string | null) => string;

/** One line per option or queue, in the order the contact answers by. */
export const numberedMenu = (items: readonly { name: string }[]) =>
  items.map((q, i) => `*[ ${i + 1} ]* - ${q.name}`).join("\n");

/** The item a contact's answer picks: its number in the menu, nothing else. */
export function chosenItem<T>(items: readonly T[], body: string): T | undefined {
  const m = body.trim().match(/^\d{1,4}$/);
  return m ? items[Number(m[0]) - 1] : undefined;
}

const join = (...parts: string[]) => parts.filter(Boolean).join("\n\n");

export const emptyOutcome = (): Outcome => ({
  queueId: null,
  userId: null,
  status: null,
  isBot: false,
  queueOptionId: null,
  start: false,
  used: "keep",
  messages: [],
  logs: [],
});

function say(out: Outcome, body: string, queueId: number | null) {
  if (body) out.messages.push({ body, queueId });
}

function close(out: Outcome, queueId: number | null) {
  out.status = "closed";
  out.isBot = false;
  out.logs.push({ type: "closed", queueId, userId: null });
}

/** The ticket enters `queue` (chosen in the menu, the connection's only queue, or an option of type queue). */
export function enterQueue(out: Outcome, queue: BotQueue, render: Render, botStarted: boolean): void {
  out.queueId = queue.id;
  out.isBot = false;
  out.queueOptionId = null;
  out.logs.push({ type: "queue", queueId: queue.id, userId: null });
  if (queue.outOfHours) {
    say(out, render(queue.outOfHoursMessage, queue.name), queue.id);
    return;
  }
  const greeting = render(queue.greetingMessage, queue.name);
  const roots = queue.options;
  if (roots.length === 0) {
    say(out, greeting, queue.id);
    return;
  }
  if (!botStarted) {
    out.start = true;
    out.logs.push({ type: "chatBot", queueId: queue.id, userId: null });
  }
  if (roots.length === 1) {
    say(out, greeting, queue.id);
    pickOption(out, queue, roots[0]!, render);
    return;
  }
  say(out, join(greeting, numberedMenu(roots)), queue.id);
  out.isBot = true;
  out.used = "reset";
}

/** The contact (or the bot, for a lone option) picked `option` of `queue`'s tree. */
export function pickOption(out: Outcome, queue: BotQueue, option: OptionNode, render: Render): void {
  const queueId = out.queueId ?? queue.id;
  const greeting = render(option.greetingMessage, queue.name);
  out.isBot = false;
  out.queueOptionId = null;
  switch (option.queueType) {
    case "queue":
      say(out, greeting, option.optQueueId ?? queueId);
      if (option.optQueueId && option.optQueueId !== queueId) {
        out.queueId = option.optQueueId;
        out.logs.push({ type: "queue", queueId: option.optQueueId, userId: null });
      }
      break;
    case "attendent":
      say(out, greeting, option.optQueueId ?? queueId);
      if (option.optUserId) {
        out.queueId = option.optQueueId ?? queueId;
        out.userId = option.optUserId;
        out.status = "open";
        out.logs.push({ type: "transfered", queueId: out.queueId, userId: option.optUserId });
      }
      break;
    case "file": {
      // The option's text, then the list's message and each of its files (decision 0048); the ticket then
      // waits in its queue for an agent. A list deleted since (or another company's id) sends the text only.
      say(out, greeting, queueId);
      const list = option.optFileId === null ? undefined : queue.fileLists.get(option.optFileId);
      if (list) {
        say(out, render(list.message, queue.name), queueId);
        for (const f of list.files) {
          out.messages.push({ body: f.name, queueId, media: { mediaType: f.mediaType, mediaUrl: f.path } });
        }
      }
      break;
    }
    case "integration":
      // The option's text, then the ticket waits in its queue with the option kept, so that the option's
      // integration takes its messages (integrations/enqueue-integration-steps.ts) until an agent does.
      say(out, greeting, queueId);
      out.queueOptionId = option.id;
      break;
    default: {
      // Without a greeting the bot goes no further (spec 2 §4).
      if (!greeting) return;
      const children = option.options;
      if (children.length === 1) {
        say(out, greeting, queueId);
        pickOption(out, queue, children[0]!, render);
        return;
      }
      if (children.length > 1) {
        say(out, join(greeting, numberedMenu(children)), queueId);
        out.isBot = true;
        out.queueOptionId = option.id;
        out.used = "reset";
        return;
      }
      say(out, greeting, queueId);
    }
  }
  if (option.closeTicket && out.status !== "open") close(out, out.queueId ?? queueId);
}

/** The option `id` in the tree, depth first. */
export function findOption(options: readonly OptionNode[], id: number): OptionNode | undefined {
  for (const o of options) {
    if (o.id === id) return o;
    const found = findOption(o.options, id);
    if (found) return found;
  }
  return undefined;
}

/**
 * A ticket walking `queue`'s tree answered `body` at the level below `currentOptionId`
 * (the first level when null). Null when the bot stays silent.
 */
export function answerOption(
  queue: BotQueue,
  currentOptionId: number | null,
  body: string,
  render: Render,
  mayRepeat: boolean,
): Outcome | null {
  const parent = currentOptionId === null ? undefined : findOption(queue.options, currentOptionId);
  const level = parent ? parent.options : queue.options;
  const out = emptyOutcome();
  out.queueId = queue.id;
  const choice = chosenItem(level, body);
  if (choice) {
    pickOption(out, queue, choice, render);
    return out;
  }
  if (level.length === 0) return out; // the tree changed under the walk: the bot lets go
  if (!mayRepeat) return null;
  const intro = render(parent ? parent.greetingMessage : queue.greetingMessage, queue.name);
  say(out, join(intro, numberedMenu(level)), queue.id);
  out.isBot = true;
  out.queueOptionId = parent?.id ?? null;
  out.used = "increment";
  return out;
}
