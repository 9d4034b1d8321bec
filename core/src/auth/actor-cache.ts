// The signed-in users behind bearer tokens, kept per core process for a moment:
// every authenticated request needs its caller's row, and at inbox rates that
// read was a third of the work. Triggers (migration 0013) NOTIFY every change to
// users, their queues, queues and companies, and a change evicts; while the
// listener is down (it reconnects) nothing is cached (docs/decisions/0013-actor-cache.md).

import { USERS_CHANNEL } from "../contract/topics.ts";
import { type Listener, listen } from "../db/listener.ts";
import type { UserRow } from "./load-user.ts";

/** More users than this signed in to one process: start over rather than grow. */
const MAX_ENTRIES = 50_000;

export class ActorCache {
  private readonly ttlMs: number;
  private readonly rows = new Map<number, { row: UserRow; until: number }>();
  /** Raised by every eviction: a row read before one must not be cached after it. */
  private generation = 0;
  private listening = false;
  private listener: Listener | undefined;

  constructor(ttlMs: number) {
    this.ttlMs = ttlMs;
  }

  /** Listens for user changes; without this (or with a ttl of 0) nothing is ever cached. */
  async start(databaseUrl: string): Promise<void> {
    if (this.ttlMs <= 0) return;
    this.listener = await listen({
      databaseUrl,
      channels: [USERS_CHANNEL],
      name: "chatflow-actor-cache",
      onNotification: (_channel, payload) => this.onNotification(payload),
      // Changes made while down were never heard: nothing cached from then until listening again.
      onDown: () => {
        this.listening = false;
        this.clear();
      },
      onUp: () => {
        this.clear();
        this.listening = true;
      },
    });
    this.listening = true;
  }

  async stop(): Promise<void> {
    this.listening = false;
    this.clear();
    await this.listener?.close();
  }

  get(userId: number): UserRow | undefined {
    if (!this.listening) return undefined;
    const entry = this.rows.get(userId);
    if (!entry) return undefined;
    if (entry.until > Date.now()) return entry.row;
    this.rows.delete(userId);
    return undefined;
  }

  /** Take before reading a row; `put` keeps the row only if nothing was evicted since. */
  stamp(): number {
    return this.generation;
  }

  put(userId: number, row: UserRow, stamp: number): void {
    if (!this.listening || stamp !== this.generation) return;
    if (this.rows.size >= MAX_ENTRIES) this.rows.clear();
    this.rows.set(userId, { row, until: Date.now() + this.ttlMs });
  }

  evictUser(userId: number): void {
    this.generation++;
    this.rows.delete(userId);
  }

  evictCompany(companyId: number): void {
    this.generation++;
    for (const [id, entry] of this.rows) if (entry.row.companyId === companyId) this.rows.delete(id);
  }

  clear(): void {
    this.generation++;
    this.rows.clear();
  }

  size(): number {
    return this.rows.size;
  }

  private onNotification(payload: string): void {
    const [kind, id] = payload.split(":");
    if (kind === "u") this.evictUser(Number(id));
    else if (kind === "c") this.evictCompany(Number(id));
    else this.clear();
  }
}
