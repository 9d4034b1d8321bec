// What the inbox list reads of a company that does not change per request, kept per core process: the names a list
// item shows for its queue, owner, connection and tags (the company's reference rows), and the company's settings
// (what the viewer may read). Triggers NOTIFY every change (migrations 0013 and 0125) and a change evicts; while the
// listener is down (it reconnects) nothing is cached (docs/decisions/0125-inbox-page-from-plain-rows.md).
import type pg from "pg";
import { REFERENCES_CHANNEL, USERS_CHANNEL } from "../contract/topics.ts";
import { type Listener, listen } from "../db/listener.ts";
import { type CompanySettings, getCompanySettings } from "../settings/company-settings.ts";

export type QueueRef = { id: number; name: string; color: string };
export type UserRef = { id: number; name: string };
export type WhatsappRef = { id: number; name: string; channel: string; groupAsTicket: string };
/** `rank`: the tag's place in the company's tags by name (PostgreSQL's collation), then id. */
export type TagRef = { id: number; name: string; color: string; rank: number };

/** A company's rows that list items name, by id. */
export type CompanyReferences = {
  queues: Map<number, QueueRef>;
  users: Map<number, UserRef>;
  whatsapps: Map<number, WhatsappRef>;
  tags: Map<number, TagRef>;
  /**
   * List items already written as JSON with these names, by ticket id, with the version of what else they show
   * (ticket-list-item.ts). They go when these references do: a renamed queue is a new CompanyReferences.
   */
  itemTexts: Map<number, { version: string; text: string }>;
};

/** More companies than this in one process: start over rather than grow. */
const MAX_COMPANIES = 10_000;

type Entry<T> = { value: T; until: number };

/** One statement: the company's queues, users, connections and tags (those by name, as the list orders them). */
const REFERENCES_SQL = `SELECT
  (SELECT COALESCE(json_agg(json_build_array(q.id, q.name, q.color)), '[]') FROM queues q WHERE q.company_id = $1) AS q,
  (SELECT COALESCE(json_agg(json_build_array(u.id, u.name)), '[]') FROM users u WHERE u.company_id = $1) AS u,
  (SELECT COALESCE(json_agg(json_build_array(w.id, w.name, w.channel, w.group_as_ticket)), '[]')
     FROM whatsapps w WHERE w.company_id = $1) AS w,
  (SELECT COALESCE(json_agg(json_build_array(g.id, g.name, g.color) ORDER BY g.name, g.id), '[]')
     FROM tags g WHERE g.company_id = $1) AS g`;

export async function loadCompanyReferences(
  db: pg.Pool | pg.ClientBase,
  companyId: number,
): Promise<CompanyReferences> {
  type Tuple = [number, string, string, string];
  const { rows } = await db.query<{ q: Tuple[]; u: Tuple[]; w: Tuple[]; g: Tuple[] }>({
    name: "company-references",
    text: REFERENCES_SQL,
    values: [companyId],
  });
  const r = rows[0]!;
  return {
    queues: new Map(r.q.map(([id, name, color]) => [id, { id, name, color }])),
    users: new Map(r.u.map(([id, name]) => [id, { id, name }])),
    whatsapps: new Map(r.w.map(([id, name, channel, groupAsTicket]) => [id, { id, name, channel, groupAsTicket }])),
    tags: new Map(r.g.map(([id, name, color], rank) => [id, { id, name, color, rank }])),
    itemTexts: new Map(),
  };
}

export class CompanyCache {
  private readonly ttlMs: number;
  private readonly references = new Map<number, Entry<CompanyReferences>>();
  private readonly settings = new Map<number, Entry<CompanySettings>>();
  /** Raised by every eviction: a value read before one must not be cached after it. */
  private generation = 0;
  private listening = false;
  private listener: Listener | undefined;
  /** When expired companies were last dropped: a company that stopped asking must not keep its item texts. */
  private sweptAt = 0;

  /** `ttlMs` bounds how long a value lives should a notification be lost; 0 caches nothing. */
  constructor(ttlMs: number) {
    this.ttlMs = ttlMs;
  }

  /** Listens for changes; without this (or with a ttl of 0) nothing is ever cached. */
  async start(databaseUrl: string): Promise<void> {
    if (this.ttlMs <= 0) return;
    this.listener = await listen({
      databaseUrl,
      channels: [USERS_CHANNEL, REFERENCES_CHANNEL],
      name: "chatflow-company-cache",
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

  /**
   * The company's reference rows. `fresh` reads them past the cache (a list item named a row the cached ones lack:
   * one made since), and keeps what it read.
   */
  companyReferences(db: pg.Pool | pg.ClientBase, companyId: number, fresh = false): Promise<CompanyReferences> {
    return this.read(this.references, companyId, fresh, () => loadCompanyReferences(db, companyId));
  }

  companySettings(db: pg.Pool | pg.ClientBase, companyId: number): Promise<CompanySettings> {
    return this.read(this.settings, companyId, false, () => getCompanySettings(db, companyId));
  }

  /** How many companies' reference rows are kept. */
  size(): number {
    return this.references.size;
  }

  evictCompany(companyId: number): void {
    this.generation++;
    this.references.delete(companyId);
    this.settings.delete(companyId);
  }

  clear(): void {
    this.generation++;
    this.references.clear();
    this.settings.clear();
  }

  private async read<T>(
    map: Map<number, Entry<T>>,
    companyId: number,
    fresh: boolean,
    load: () => Promise<T>,
  ): Promise<T> {
    if (this.listening && !fresh) {
      const hit = map.get(companyId);
      if (hit && hit.until > Date.now()) return hit.value;
    }
    const stamp = this.generation;
    const value = await load();
    if (this.listening && stamp === this.generation) {
      const now = Date.now();
      if (now - this.sweptAt > this.ttlMs) this.sweep(now);
      if (map.size >= MAX_COMPANIES) map.clear();
      map.set(companyId, { value, until: now + this.ttlMs });
    }
    return value;
  }

  private sweep(now: number): void {
    this.sweptAt = now;
    for (const map of [this.references, this.settings] as Map<number, Entry<unknown>>[]) {
      for (const [id, entry] of map) if (entry.until <= now) map.delete(id);
    }
  }

  private onNotification(payload: string): void {
    const [kind, id] = payload.split(":");
    const n = Number(id);
    if ((kind === "c" || kind === "r" || kind === "s") && Number.isInteger(n)) this.evictCompany(n);
    else if (kind === "u" && Number.isInteger(n)) this.evictUser(n);
    else this.clear();
  }

  /** A user changed (their name, or they were deleted): the company that lists them reads its rows again. */
  private evictUser(userId: number): void {
    this.generation++;
    for (const [companyId, entry] of this.references) {
      if (entry.value.users.has(userId)) this.references.delete(companyId);
    }
  }
}
