// Presence on a co-edited document (decision 0091): each device announces its user in a colour of its own, and
// hears the others (never itself) only when they change.
import { describe, expect, it } from "vitest";
import { Awareness, applyAwarenessUpdate, encodeAwarenessUpdate } from "y-protocols/awareness";
import * as Y from "yjs";
import { readableTextColor, relativeLuminance } from "../ui/badge.tsx";
import { type Peer, presenceColor, watchPeers } from "./doc-presence.ts";

/** Two devices' awareness, each update of one applied to the other as the sync server relays it. */
function twoDevices() {
  const a = new Awareness(new Y.Doc());
  const b = new Awareness(new Y.Doc());
  const relay = (from: Awareness, to: Awareness) =>
    from.on("update", ({ added, updated, removed }: Record<string, number[]>) => {
      const changed = [...added!, ...updated!, ...removed!];
      applyAwarenessUpdate(to, encodeAwarenessUpdate(from, changed), "remote");
    });
  relay(a, b);
  relay(b, a);
  return { a, b };
}

describe("#document presence", () => {
  it("shows each device the others with their name and colour, and what the screen adds", () => {
    const { a, b } = twoDevices();
    const seenByA: Peer<{ editing?: number }>[][] = [];
    const seenByB: Peer[][] = [];
    const stopA = watchPeers<{ editing?: number }>(a, { id: 3, name: "Ana" }, (p) => seenByA.push(p));
    const stopB = watchPeers(b, { id: 8, name: "Bia" }, (p) => seenByB.push(p));
    expect(seenByA.at(-1)).toEqual([{ clientId: b.clientID, user: { id: 8, name: "Bia", color: presenceColor(8) } }]);
    expect(seenByB.at(-1)?.map((p) => p.user.name)).toEqual(["Ana"]);
    expect(presenceColor(3)).not.toBe(presenceColor(8));

    // A field of the screen's travels with the person.
    b.setLocalStateField("editing", 12);
    expect(seenByA.at(-1)?.[0]?.editing).toBe(12);

    // Its own changes are not told to a device again.
    const told = seenByA.length;
    a.setLocalStateField("cursor", { x: 1, y: 2 });
    expect(seenByA.length).toBe(told);

    // Gone: the other device no longer shows them.
    b.setLocalState(null);
    expect(seenByA.at(-1)).toEqual([]);
    stopA();
    stopB();
  });

  it("leaves out a state without a well-formed user, and announces nothing when it only listens", () => {
    const { a, b } = twoDevices();
    const seen: Peer[][] = [];
    watchPeers(a, null, (p) => seen.push(p));
    b.setLocalStateField("user", { name: "sem id" });
    expect(seen.at(-1) ?? []).toEqual([]);
    expect(b.getStates().get(a.clientID)?.user).toBeUndefined();
  });

  it("gives every person's colour a name text that reads on it (4.5:1, black or white)", () => {
    // The names on others' pointers and selections in the flow editor (axe color-contrast, serious).
    const ratio = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    for (let id = 1; id <= 400; id++) {
      const colour = presenceColor(id);
      const text = readableTextColor(colour);
      expect(
        ratio(relativeLuminance(colour)!, relativeLuminance(text)!),
        `${text} on ${colour}`,
      ).toBeGreaterThanOrEqual(4.5);
    }
  });
});
