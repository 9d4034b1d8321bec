// Who else has a co-edited document open (a flow, the quick messages, the kanban board): each person tells the
// others through Hocuspocus's awareness who they are, in which colour, and what more the screen shares (a pointer,
// a selection, the lane being edited). One place, so every screen names and colours people alike (decision 0091).
import type { HocuspocusProvider } from "@hocuspocus/provider";

export type PresenceUser = { id: number; name: string; color: string };

/** Another person on the document: their awareness state (`user` and what the screen adds) and their client id. */
export type Peer<S extends object = Record<string, unknown>> = S & { clientId: number; user: PresenceUser };

type Awareness = NonNullable<HocuspocusProvider["awareness"]>;

/** A stable, readable colour per user (on light and dark themes alike). */
export function presenceColor(userId: number): string {
  const hue = (userId * 137.508) % 360;
  return `hsl(${Math.round(hue)} 70% 45%)`;
}

/** The `user` field this device announces. */
export function presenceUser(me: { id: number; name: string }): PresenceUser {
  return { id: me.id, name: me.name, color: presenceColor(me.id) };
}

function isPresenceUser(u: unknown): u is PresenceUser {
  const v = u as Partial<PresenceUser> | undefined;
  return !!v && typeof v.name === "string" && typeof v.id === "number" && typeof v.color === "string";
}

/** The others present now, in a stable order; states without a well-formed `user` are left out. */
export function peersOf<S extends object>(awareness: Awareness): Peer<S>[] {
  const out: Peer<S>[] = [];
  for (const [clientId, state] of awareness.getStates()) {
    const s = state as S & { user?: unknown };
    if (clientId === awareness.clientID || !isPresenceUser(s.user)) continue;
    out.push({ ...s, user: s.user, clientId });
  }
  return out.sort((a, b) => a.clientId - b.clientId);
}

/**
 * Announces `me` on the document and tells `onPeers` the others whenever they change. Only a change of the
 * others is told: this device's own moves (a pointer on every pointermove) would otherwise redraw its screen.
 */
export function watchPeers<S extends object>(
  awareness: Awareness | null | undefined,
  me: { id: number; name: string } | null,
  onPeers: (peers: Peer<S>[]) => void,
): () => void {
  if (!awareness) return () => {};
  if (me) awareness.setLocalStateField("user", presenceUser(me));
  let told = "[]";
  const tell = () => {
    const others = peersOf<S>(awareness);
    const now = JSON.stringify(others);
    if (now === told) return;
    told = now;
    onPeers(others);
  };
  awareness.on("change", tell);
  tell();
  return () => awareness.off("change", tell);
}
