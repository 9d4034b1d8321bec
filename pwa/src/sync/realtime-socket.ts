// The poke socket (/ws?token=...): core says "pull now" or "your session ended".
// It reconnects one second after any close, without limit (spec 1 §4 Session).
import type { ServerFrame } from "@chatflow/core/contract/sync.ts";
import type { ApiClient } from "../api/http.ts";

export type RealtimeOptions = {
  /** Current socket URL, or null while there is no token (then it waits and asks again). */
  url: () => string | null;
  onFrame: (frame: ServerFrame) => void;
  /** Each (re)connection may follow missed pokes, so the caller pulls on open. */
  onOpen?: () => void;
  onStatus?: (connected: boolean) => void;
  /**
   * Called after an attempt that closed without opening, before the next one. A
   * browser hides why an upgrade failed (403 for an expired token, 401 for an
   * ended session), so without this the socket would retry an expired token
   * forever. See checkSessionOver.
   */
  checkSession?: () => Promise<void>;
  reconnectDelayMs?: number;
};

/**
 * Asks the API what the socket could not tell: the API client answers a 403 with
 * one token refresh (the next attempt then carries the new token) and a 401 by
 * ending the session. Any failure, offline included, just lets the retries go on.
 */
export function checkSessionOver(api: Pick<ApiClient, "get">): () => Promise<void> {
  return () =>
    api.get("/auth/me").then(
      () => undefined,
      () => undefined,
    );
}

export function socketUrl(origin: string, token: string): string {
  const url = new URL("/ws", origin);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  url.searchParams.set("token", token);
  return url.toString();
}

export function connectRealtime(options: RealtimeOptions): { close(): void } {
  const delay = options.reconnectDelayMs ?? 1_000;
  let socket: WebSocket | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;

  const retry = () => {
    if (!closed) timer = setTimeout(connect, delay);
  };

  function connect(): void {
    const url = options.url();
    if (!url) {
      retry();
      return;
    }
    const ws = new WebSocket(url);
    socket = ws;
    let opened = false;
    ws.onopen = () => {
      opened = true;
      options.onStatus?.(true);
      options.onOpen?.();
    };
    ws.onmessage = (event) => {
      const frame = parseFrame(event.data);
      if (frame) options.onFrame(frame);
    };
    ws.onclose = () => {
      options.onStatus?.(false);
      if (socket === ws) socket = null;
      if (opened || !options.checkSession || closed) retry();
      else void options.checkSession().finally(retry);
    };
  }

  connect();
  return {
    close() {
      closed = true;
      clearTimeout(timer);
      socket?.close();
    },
  };
}

function parseFrame(data: unknown): ServerFrame | null {
  if (typeof data !== "string") return null;
  try {
    const frame = JSON.parse(data) as ServerFrame;
    return frame.type === "poke" || frame.type === "logout" || frame.type === "announcements" ? frame : null;
  } catch {
    return null;
  }
}
