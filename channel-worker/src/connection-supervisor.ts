// Runs the connections this worker holds: takes a fair share of the connections' leases (decision 0042) on each
// look (the poll, a lease given back, a worker joined or gone, a lease expiring), starts an adapter and a sender for
// each, stops them when the lease goes or the connection is deleted or reconfigured, and acts on the admins'
// session requests heard over NOTIFY.
import {
  CONNECTION_SESSION_CHANNEL,
  type ConnectionSessionRequest,
  OUTBOUND_CHANNEL,
} from "@chatflow/core/contract/topics.ts";
import type pg from "pg";
import type { AdapterEvents, Channel, ChannelAdapter, ChannelConnection } from "./adapters/adapter.ts";
import { connectionStateWriter } from "./connection-state-writer.ts";
import type { Lease, LeaseKeeper } from "./lease-keeper.ts";
import { LEASES_CHANNEL, liveWorkers, nextForeignExpiry } from "./outbound/leases.ts";
import { recoverConnection } from "./outbound/outbound-store.ts";
import type { OutboundSenders } from "./outbound-senders.ts";

/** Starts a connection's adapter under the lease taken for it. */
export type LeasedAdapterFactory = (
  connection: ChannelConnection,
  events: AdapterEvents,
  lease: { workerId: string; generation: number },
) => ChannelAdapter;

export type SupervisorOptions = {
  pool: pg.Pool;
  keeper: LeaseKeeper;
  senders: OutboundSenders;
  /** The channels served, each with its adapter. */
  factories: Partial<Record<Channel, LeasedAdapterFactory>>;
  onInbound: AdapterEvents["onInbound"];
  /** How often connections are rebalanced and every sender is woken, in ms. */
  pollMs: number;
  log(message: string): void;
};

/** Channels without a session of their own, whose state the supervisor writes as their adapters tell it (0093). */
const GRAPH_CHANNELS: ReadonlySet<Channel> = new Set(["whatsappapi", "facebook", "instagram"]);

/** The channels the supervisor hears on the lease session, besides the leases' own. */
export const SUPERVISOR_CHANNELS = [OUTBOUND_CHANNEL, CONNECTION_SESSION_CHANNEL] as const;

export type ConnectionSupervisor = {
  /** A notification heard on the lease session. */
  notified(channel: string, payload: string | undefined): void;
  /** Looks at the connections and the leases soon (once, however often asked meanwhile). */
  look(): void;
  /** Resolves once the looks asked so far are done. */
  settled(): Promise<void>;
  /** Stops a connection's sender and adapter, then gives its lease back. */
  drop(whatsappId: number): Promise<void>;
  /** Stops every connection held (the lease session is gone). */
  dropAll(): Promise<void>;
  /** Ids of the connections held now. */
  owned(): number[];
  stop(): Promise<void>;
};

type Held = { fingerprint: string; companyId: number; adapter: ChannelAdapter; lease: Lease };

/** A session request's payload, or null when it is not one. */
function parseSessionRequest(payload: string | undefined): ConnectionSessionRequest | null {
  try {
    const r = JSON.parse(payload ?? "") as Partial<ConnectionSessionRequest>;
    if (!Number.isInteger(r.whatsappId) || !Number.isInteger(r.companyId)) return null;
    if (!["start", "new-qr", "logout", "restart"].includes(r.action as string)) return null;
    return r as ConnectionSessionRequest;
  } catch {
    return null;
  }
}

const fingerprint = (c: ChannelConnection) =>
  JSON.stringify([c.channel, c.phoneNumberId, c.accessToken, c.token, c.pageId]);

export function startConnectionSupervisor(o: SupervisorOptions): ConnectionSupervisor {
  const { pool, keeper, senders, log } = o;
  const served = Object.keys(o.factories) as Channel[];
  const held = new Map<number, Held>();
  /** Connections whose sender is still finishing: not taken again before that, or recovery would judge its send. */
  const dropping = new Map<number, Promise<void>>();
  /**
   * Takes under way (lease asked, adapter starting): a session request that arrives meanwhile waits for it, or it
   * would find the connection neither held nor free and be lost; a second take of the same connection joins it.
   */
  const taking = new Map<number, Promise<void>>();
  let stopping = false;
  let ticking: Promise<void> = Promise.resolve();
  let tickQueued = false;
  let expiryTimer: NodeJS.Timeout | undefined;

  async function loadConnections(): Promise<ChannelConnection[]> {
    const { rows } = await pool.query<ChannelConnection>(
      `SELECT /* all-companies: the worker serves every company's connections */
         id, company_id AS "companyId", name, channel, phone_number_id AS "phoneNumberId",
         access_token AS "accessToken", token, page_id AS "pageId" FROM whatsapps
       WHERE channel = ANY($1::text[]) AND (channel <> 'whatsappapi' OR (phone_number_id IS NOT NULL AND access_token IS NOT NULL))
         AND (channel NOT IN ('facebook', 'instagram') OR (page_id IS NOT NULL AND access_token IS NOT NULL))
       ORDER BY id`,
      [served],
    );
    return rows;
  }

  /**
   * An admin's request on a session: acted on by the worker holding the connection; a start for a connection
   * nobody holds makes this worker take its lease if it is free (every worker hears it; one wins the take).
   */
  async function sessionRequest(r: ConnectionSessionRequest | null): Promise<void> {
    if (!r || stopping) return;
    try {
      await taking.get(r.whatsappId);
      let h = held.get(r.whatsappId);
      if (!h && r.action === "start") {
        const c = (await loadConnections()).find((x) => x.id === r.whatsappId && x.companyId === r.companyId);
        if (c && !dropping.has(c.id)) await take(c);
        h = held.get(r.whatsappId);
      }
      if (!h || h.companyId !== r.companyId || !h.adapter.request) return;
      await h.adapter.request(r.action, r.pairingPhoneNumber);
    } catch (err) {
      log(`connection ${r.whatsappId} ${r.action}: ${(err as Error).message}`);
    }
  }

  function take(connection: ChannelConnection): Promise<void> {
    const under = taking.get(connection.id);
    if (under) return under;
    const done = takeNow(connection).finally(() => taking.delete(connection.id));
    taking.set(connection.id, done);
    return done;
  }

  async function takeNow(connection: ChannelConnection): Promise<void> {
    const lease = await keeper.take(connection.id);
    if (!lease) return;
    try {
      const recovered = await recoverConnection(pool, connection);
      if (recovered.requeued + recovered.inDoubt > 0) {
        log(
          `took connection ${connection.id}: ${recovered.requeued} requeued, ${recovered.inDoubt} in doubt marked failed`,
        );
      }
      // The Graph API channels' state is written here, under the lease (Baileys writes its own lifecycle).
      const state = GRAPH_CHANNELS.has(connection.channel)
        ? connectionStateWriter({
            pool,
            owner: { companyId: connection.companyId, whatsappId: connection.id },
            lease: { workerId: lease.workerId, generation: lease.generation },
            log,
          })
        : null;
      const adapter = o.factories[connection.channel]!(
        connection,
        {
          onInbound: o.onInbound,
          onStatus: (status, detail) => {
            log(`connection ${connection.id} ${status}${detail?.error ? `: ${detail.error}` : ""}`);
            void state?.write(status, detail?.problem);
            if (status === "CONNECTED") senders.reconnected(connection.id);
          },
        },
        { workerId: lease.workerId, generation: lease.generation },
      );
      await adapter.start();
      senders.start({
        whatsappId: connection.id,
        companyId: connection.companyId,
        adapter,
        lease,
        leaseValid: () => keeper.valid(lease),
        onLeaseLost: () => {
          log(`connection ${connection.id}: lease lost (refused by the lease check), stopped sending`);
          void drop(connection.id);
        },
      });
      held.set(connection.id, {
        fingerprint: fingerprint(connection),
        companyId: connection.companyId,
        adapter,
        lease,
      });
    } catch (err) {
      log(`could not start connection ${connection.id}: ${(err as Error).message}`);
      await keeper.release(lease);
    }
  }

  /** Stops a connection's sender and adapter, then gives its lease back (a no-op once another took it). */
  function drop(id: number): Promise<void> {
    const h = held.get(id);
    if (!h) return dropping.get(id) ?? Promise.resolve();
    held.delete(id);
    const done = keeper
      .release(h.lease, async () => {
        await senders.stop(id);
        await h.adapter.stop().catch((err) => log(`connection ${id} stop: ${(err as Error).message}`));
      })
      .finally(() => dropping.delete(id));
    dropping.set(id, done);
    return done;
  }

  async function tick(): Promise<void> {
    if (stopping) return;
    const s = await keeper.session();
    const connections = await loadConnections();
    const byId = new Map(connections.map((c) => [c.id, c]));
    // Let go of deleted or reconfigured connections (taken again below, with the new settings).
    for (const [id, h] of held) {
      const c = byId.get(id);
      if (!c || fingerprint(c) !== h.fingerprint) await drop(id);
    }
    await keeper.watchRing();
    const share = Math.ceil(connections.length / (await liveWorkers(pool)));
    // Over the fair share (another worker joined): hand the newest ones over gracefully.
    for (const id of [...held.keys()].sort((a, b) => b - a).slice(0, Math.max(0, held.size - share))) {
      await drop(id);
    }
    for (const c of connections) {
      if (held.size >= share || stopping || keeper.current() !== s) break;
      if (!held.has(c.id) && !dropping.has(c.id)) await take(c);
    }
    senders.wakeAll();
    // A lease another worker holds and lets run out (it froze): look again the moment it expires.
    clearTimeout(expiryTimer);
    if (held.size < share) {
      const wanted = connections.filter((c) => !held.has(c.id)).map((c) => c.id);
      const ms = await nextForeignExpiry(pool, keeper.workerId, wanted);
      if (ms !== null && ms < o.pollMs) expiryTimer = setTimeout(look, Math.max(1, ms));
    }
  }

  function look(): void {
    if (tickQueued || stopping) return;
    tickQueued = true;
    ticking = ticking.then(async () => {
      tickQueued = false;
      try {
        await tick();
      } catch (err) {
        log(`tick failed: ${(err as Error).message}`);
        await keeper.checkSession(err);
      }
    });
  }

  const timer = setInterval(look, o.pollMs);
  look();

  return {
    notified(channel, payload) {
      if (channel === LEASES_CHANNEL) return look();
      if (channel === CONNECTION_SESSION_CHANNEL) return void sessionRequest(parseSessionRequest(payload));
      if (channel !== OUTBOUND_CHANNEL) return;
      const id = Number(payload);
      if (held.has(id)) senders.wake(id);
      else look(); // a connection we do not hold yet may now have work
    },
    look,
    settled: () => ticking,
    drop,
    async dropAll() {
      await Promise.all([...held.keys()].map((id) => drop(id)));
    },
    owned: () => [...held.keys()].sort((a, b) => a - b),
    async stop() {
      stopping = true;
      clearInterval(timer);
      clearTimeout(expiryTimer);
      await ticking;
      await Promise.all([...[...held.keys()].map((id) => drop(id)), ...dropping.values()]);
    },
  };
}
