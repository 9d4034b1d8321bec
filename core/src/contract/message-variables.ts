// Message variables (spec 1 §2 "Messages support variables"): the one function
// that fills {{firstName}}, {{name}}, {{userName}}, {{ms}}, {{protocol}},
// {{date}}, {{hour}}, {{ticket_id}}, {{queue}} and {{connection}}. Core uses it for
// greetings, farewells and what it sends in an agent's name; the PWA's composer for
// what the agent types (decision 0036). Pure, so both sides fill alike.
import { businessParts } from "./dates.ts";

export type VariableContext = {
  contact?: { name: string | null } | null;
  user?: { name: string | null } | null;
  ticket?: { id: number; protocol?: string | null; createdAt?: Date | string | null } | null;
  queue?: { name: string | null } | null;
  connection?: { name: string | null } | null;
};

export const VARIABLE_NAMES = [
  "firstName",
  "name",
  "userName",
  "ms",
  "protocol",
  "date",
  "hour",
  "ticket_id",
  "queue",
  "connection",
] as const;
export type VariableName = (typeof VARIABLE_NAMES)[number];

/** 'Boa madrugada' 0–5h, 'Bom dia' 6–11h, 'Boa tarde' 12–17h, 'Boa noite' 18–23h (São Paulo time). */
export function greetingFor(now: Date): string {
  const h = Number(businessParts(now).hour);
  if (h < 6) return "Boa madrugada";
  if (h < 12) return "Bom dia";
  if (h < 18) return "Boa tarde";
  return "Boa noite";
}

/**
 * A ticket's protocol: the stored one, else its creation time (yyyyMMddHHmmss,
 * São Paulo) followed by its id, so greeting and farewell name the same protocol.
 */
export function protocolOf(ticket: NonNullable<VariableContext["ticket"]>, now: Date): string {
  if (ticket.protocol) return ticket.protocol;
  const p = businessParts(ticket.createdAt ? new Date(ticket.createdAt) : now);
  return `${p.year}${p.month}${p.day}${p.hour}${p.minute}${p.second}${ticket.id}`;
}

/** The value of every variable for this context; absent records give ''. */
export function variableValues(ctx: VariableContext, now: Date = new Date()): Record<VariableName, string> {
  const p = businessParts(now);
  const name = ctx.contact?.name?.trim() ?? "";
  return {
    firstName: name.split(/\s+/)[0] ?? "",
    name,
    userName: ctx.user?.name ?? "",
    ms: greetingFor(now),
    protocol: ctx.ticket ? protocolOf(ctx.ticket, now) : "",
    date: `${p.day}/${p.month}/${p.year}`,
    hour: `${p.hour}:${p.minute}:${p.second}`,
    ticket_id: ctx.ticket ? String(ctx.ticket.id) : "",
    queue: ctx.queue?.name ?? "",
    connection: ctx.connection?.name ?? "",
  };
}

const isVariable = (k: string): k is VariableName => (VARIABLE_NAMES as readonly string[]).includes(k);

/** Fills `{{variable}}` (spaces inside the braces allowed); unknown names are left as written. */
export function renderVariables(template: string, ctx: VariableContext, now: Date = new Date()): string {
  const values = variableValues(ctx, now);
  return template.replace(/\{\{\s*([A-Za-z_]+)\s*\}\}/g, (whole, key: string) =>
    isVariable(key) ? values[key] : whole,
  );
}
