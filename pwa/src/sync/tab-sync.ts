// Sync for one tab of the app. The leader tab (leader.ts) runs the sync engine and
// holds the realtime socket; the other tabs never push or pull: they read the same
// IndexedDB, which Dexie's live queries follow across tabs, ask the leader over a
// BroadcastChannel to sync right after a local change, and get the server's frames
// (a logout) that the leader relays. When the leader closes, the next tab takes over
// and syncs at once, so nothing written in any tab waits for long.
import type { ServerFrame } from "@chatflow/core/contract/sync.ts";
import { leadWhenPossible } from "./leader.ts";
import type { SyncEngine } from "./sync-engine.ts";

/** What tabs say to each other on the channel. */
export type TabMessage = { type: "sync" } | { type: "frame"; frame: ServerFrame };

export type TabSyncOptions = {
  engine: Pick<SyncEngine, "sync" | "stop">;
  /** Opens the realtime socket (leader only); every frame it receives is given to `frame`. */
  connect: (frame: (frame: ServerFrame) => void) => { close(): void };
  /** What this tab does with a server frame, received itself (leader) or relayed (others). */
  onFrame: (frame: ServerFrame) => void;
  /** Subscribes to the browser's `online` event; answers the unsubscribe. */
  onOnline?: (listener: () => void) => () => void;
  onLeaderChange?: (leading: boolean) => void;
  lockName?: string;
  channelName?: string;
  /** navigator.locks unless given (null: as a browser without Web Locks). */
  locks?: LockManager | null;
};

export type TabSync = {
  /** After a local change: the leader syncs, another tab asks the leader to. */
  requestSync(): void;
  /** Tells every other tab of the install a frame, as if the server had sent it (a sign-out here). */
  broadcast(frame: ServerFrame): void;
  isLeader(): boolean;
  stop(): void;
};

export function startTabSync(options: TabSyncOptions): TabSync {
  const { engine } = options;
  const channel =
    typeof BroadcastChannel === "function" ? new BroadcastChannel(options.channelName ?? "chatflow-sync") : null;

  const leadership = leadWhenPossible(
    options.lockName ?? "chatflow-sync-leader",
    () => {
      options.onLeaderChange?.(true);
      const socket = options.connect((frame) => {
        channel?.postMessage({ type: "frame", frame } satisfies TabMessage);
        options.onFrame(frame);
      });
      const offOnline = options.onOnline?.(() => void engine.sync());
      // A new leader may inherit what others wrote while nobody led: send it now.
      void engine.sync();
      return () => {
        socket.close();
        offOnline?.();
        options.onLeaderChange?.(false);
      };
    },
    options.locks,
  );

  if (channel) {
    channel.onmessage = (event: MessageEvent<TabMessage>) => {
      const message = event.data;
      if (message?.type === "sync" && leadership.isLeader()) void engine.sync();
      // A tab never hears its own posts: a frame here came from the leader's socket or another tab's sign-out.
      else if (message?.type === "frame") options.onFrame(message.frame);
    };
  }

  return {
    requestSync() {
      if (leadership.isLeader()) void engine.sync();
      else channel?.postMessage({ type: "sync" } satisfies TabMessage);
    },
    broadcast(frame) {
      channel?.postMessage({ type: "frame", frame } satisfies TabMessage);
    },
    isLeader: () => leadership.isLeader(),
    stop() {
      leadership.stop();
      engine.stop();
      channel?.close();
    },
  };
}
