// The stateless message the sync server sends when a live connection's rights
// change in place (an admin demoted to user, or promoted): the provider keeps its
// connection and the PWA switches its screen between editing and reading.
// Free of server dependencies, so the PWA imports it.

export type AccessScope = "read-write" | "readonly";

const TYPE = "chatflow:access";

export function encodeAccessChange(scope: AccessScope): string {
  return JSON.stringify({ type: TYPE, scope });
}

/** The new scope, or null when the payload is some other stateless message. */
export function parseAccessChange(payload: string): AccessScope | null {
  try {
    const message = JSON.parse(payload) as { type?: unknown; scope?: unknown };
    if (message?.type !== TYPE) return null;
    return message.scope === "read-write" || message.scope === "readonly" ? message.scope : null;
  } catch {
    return null;
  }
}
