// The contacts list as the screen shows it: the replica's rows (with this device's changes
// still waiting) merged with the pages core answered when online, in core's order (name,
// then id). The replica holds only some of the company's contacts, so while core has more
// pages, a replica-only row is shown only up to the last row core has sent (it would
// otherwise jump ahead of rows not loaded yet); offline, the replica is the whole list.
import type { ContactDetailDTO, TagDTO } from "@chatflow/core/contract/contacts.ts";
import type { Channel, WhatsappDTO } from "@chatflow/core/contract/entities.ts";
import type { LocalContact, PendingContact } from "./contact-writes.ts";

export type ContactRow = {
  /** Stable React key: "c<id>", or "p<outbox id>" while the contact waits to be created. */
  key: string;
  /** null while waiting to be created. */
  id: number | null;
  name: string;
  number: string;
  email: string;
  urlPicture: string | null;
  active: boolean;
  isGroup: boolean;
  channel: Channel | null;
  whatsappId: number | null;
  connectionName: string | null;
  /** Known only from core's answers; null for a row the replica alone holds. */
  tags: TagDTO[] | null;
  /** synced, or a change of this device still on its way to core. */
  state: "synced" | "creating" | "changing";
  /** The row as the writes take it (replica fields); null while being created. */
  source: LocalContact | null;
};

export type ContactFilter = {
  /** As typed; compared lower-cased with name, number and e-mail (spec 1 §5: search text is lowercased). */
  search: string;
  /** Contacts carrying any of these tags. */
  tagIds: number[];
};

export type ServerState = {
  /** Rows of the pages loaded so far, in core's order. */
  rows: ContactDetailDTO[];
  /** Core has more pages for this filter. */
  hasMore: boolean;
  /** Core's count for this filter. */
  count: number;
};

export type MergeInput = {
  replica: LocalContact[];
  pending: PendingContact[];
  whatsapps: WhatsappDTO[];
  filter: ContactFilter;
  /** What core answered for this filter; null offline (or before the first answer). */
  server: ServerState | null;
  /** Ids the replica dropped since core's pages were loaded (deleted by someone): hidden. */
  removed?: ReadonlySet<number>;
};

export type MergedList = { rows: ContactRow[]; count: number };

/** Core's sort key: lower-cased name, then id (pending rows after every stored one of the same name). */
function sortKey(r: { name: string; id: number | null }): [string, number] {
  return [r.name.toLowerCase(), r.id ?? Number.MAX_SAFE_INTEGER];
}

export function compareRows(a: { name: string; id: number | null }, b: { name: string; id: number | null }): number {
  const [an, ai] = sortKey(a);
  const [bn, bi] = sortKey(b);
  if (an !== bn) return an < bn ? -1 : 1;
  return ai - bi;
}

export function matchesSearch(r: { name: string; number: string; email: string }, search: string): boolean {
  const q = search.trim().toLowerCase();
  if (!q) return true;
  return r.name.toLowerCase().includes(q) || r.number.includes(q) || r.email.toLowerCase().includes(q);
}

export function mergeContacts(input: MergeInput): MergedList {
  const { replica, pending, whatsapps, filter, server, removed } = input;
  const connections = new Map(whatsapps.map((w) => [w.id, w.name]));
  const connectionName = (id: number | null, fallback: string | null = null) =>
    id === null ? null : (connections.get(id) ?? fallback);
  const replicaById = new Map(replica.map((c) => [c.id, c]));
  const tagFilter = filter.tagIds.length > 0;

  const fromReplica = (c: LocalContact, tags: TagDTO[] | null, fallbackConnection: string | null): ContactRow => ({
    key: `c${c.id}`,
    id: c.id,
    name: c.name,
    number: c.number,
    email: c.email,
    urlPicture: c.urlPicture,
    active: c.active,
    isGroup: c.isGroup,
    channel: c.channel,
    whatsappId: c.whatsappId,
    connectionName: connectionName(c.whatsappId, fallbackConnection),
    tags,
    state: c.local?.before || c.local?.deleting ? "changing" : "synced",
    source: c,
  });

  const rows: ContactRow[] = [];
  const seen = new Set<number>();
  let hiddenFromCount = 0;
  for (const s of server?.rows ?? []) {
    seen.add(s.id);
    const local = replicaById.get(s.id);
    if (local?.local?.deleting || (removed?.has(s.id) && !local)) {
      hiddenFromCount++;
      continue;
    }
    // The replica's row wins when it carries a change of this device or is strictly newer than
    // the page; otherwise core's row, presented for this person now (LGPD masking included).
    const useLocal = local && (local.local !== undefined || local.updatedAt > s.updatedAt);
    const row = useLocal
      ? fromReplica(local, s.tags, s.whatsapp?.name ?? null)
      : fromReplica(s, s.tags, s.whatsapp?.name ?? null);
    // A change made here may take the row out of the search it was found by.
    if (!matchesSearch(row, filter.search)) {
      hiddenFromCount++;
      continue;
    }
    rows.push(row);
  }

  const last = server?.rows.at(-1);
  const withinLoaded = (r: { name: string; id: number | null }) =>
    !server?.hasMore || (last !== undefined && compareRows(r, last) <= 0);
  let extra = 0;
  // Tags are known only from core: with a tag filter, rows core did not send cannot be placed.
  if (!tagFilter) {
    for (const c of replica) {
      if (seen.has(c.id) || c.local?.deleting) continue;
      if (!matchesSearch(c, filter.search) || !withinLoaded(c)) continue;
      rows.push(fromReplica(c, null, null));
      extra++;
    }
    for (const p of pending) {
      if (!matchesSearch(p, filter.search)) continue;
      rows.push({
        key: `p${p.outboxId}`,
        id: null,
        name: p.name,
        number: p.number,
        email: p.email,
        urlPicture: null,
        active: true,
        isGroup: false,
        channel: null,
        whatsappId: p.whatsappId,
        connectionName: connectionName(p.whatsappId),
        tags: null,
        state: "creating",
        source: null,
      });
      extra++;
    }
  }
  rows.sort(compareRows);
  // Online the count is core's (it knows every contact), adjusted by what this device changed.
  const count = server ? Math.max(0, server.count - hiddenFromCount + extra) : rows.length;
  return { rows, count };
}
