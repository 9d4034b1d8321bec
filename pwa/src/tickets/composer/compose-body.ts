// What the composer sends for what the agent typed: the message variables filled in
// (spec 1 §2, the same function core uses) and, when the company signs messages and the
// agent keeps the option on, the agent's name on top (core's forward signs the same way).
// Done on this device so the optimistic row already reads as what the contact receives,
// offline too (decision 0036).
import { renderVariables, type VariableContext } from "@chatflow/core/contract/message-variables.ts";

/** `*Name:*` on its own line above the text: WhatsApp shows it bold. */
export function signBody(body: string, userName: string): string {
  const name = userName.trim();
  return name ? `*${name}:*\n${body}` : body;
}

export type ComposeOptions = {
  /** Who the variables speak of (contact, agent, ticket, queue, connection). */
  context: VariableContext;
  /** The signature applies: company setting sendSignMessage on and the agent's option on. */
  sign: boolean;
  /** An internal note is never signed: the inbox already names its author. */
  isPrivate: boolean;
  now?: Date;
};

/** The text as it will be stored and sent; empty stays empty (nothing to send). */
export function composeBody(text: string, options: ComposeOptions): string {
  const filled = renderVariables(text, options.context, options.now).trim();
  if (!filled) return "";
  const userName = options.context.user?.name ?? "";
  return options.sign && !options.isPrivate ? signBody(filled, userName) : filled;
}
