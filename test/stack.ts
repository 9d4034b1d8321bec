// The whole product for end-to-end tests: core (serving the built PWA) on a
// fresh database, the channel worker pointed at a Graph API fake, and a
// WhatsApp Cloud API connection for company 1.
import { createHmac } from "node:crypto";
import path from "node:path";
import type { SocketFactory } from "../channel-worker/src/adapters/whatsapp-baileys-socket.ts";
import { standInSockets } from "../channel-worker/src/testing/baileys-stand-in.ts";
import { type FakeGraphApi, startFakeGraphApi } from "../channel-worker/src/testing/fake-graph-api.ts";
import { startWorker, type Worker } from "../channel-worker/src/worker.ts";
import type { CoreConfig } from "../core/src/kernel/config.ts";
import { startTestCore, type TestCore } from "../core/src/testing/test-core.ts";
import { type SyncServer, startSyncServer } from "../sync-server/src/server.ts";
import { freePort } from "./free-port.ts";

export const PHONE_NUMBER_ID = "109876543210";
export const APP_SECRET = "e2e-app-secret";

export type Stack = {
  core: TestCore;
  graph: FakeGraphApi;
  /** The channel worker: `drained()` tells when it has nothing left to send. */
  worker: Worker;
  /** The sync server behind core's /collab, when the stack was started with `sync`. */
  sync?: SyncServer;
  /** Baileys' stand-in sockets the worker opened (newest last), when the stack was started with `baileys`. */
  baileys?: ReturnType<typeof standInSockets>;
  whatsappId: number;
  /** Delivers an inbound text message through the signed webhook, as Meta would. */
  deliverInbound(o: { from: string; name: string; text: string; id: string }): Promise<number>;
  stop(): Promise<void>;
};

/**
 * `jobIntervalMs`: how often the worker's timed jobs run (a minute unless a test needs them sooner). `baileys`: the
 * worker serves WhatsApp by QR code too, its adapter on stand-in sockets the test drives (`stack.baileys`). `core`:
 * more of core's configuration (the Facebook e2e points core's Graph API calls at its own stand-in).
 */
export async function startStack(
  opts: {
    jobIntervalMs?: number;
    sync?: boolean;
    baileys?: boolean;
    /** WhatsApp by QR code on this socket factory instead (Baileys' own socket to a closed port: decision 0093). */
    baileysSocket?: SocketFactory;
    core?: Partial<CoreConfig>;
  } = {},
): Promise<Stack> {
  const graph = await startFakeGraphApi();
  // Core forwards /collab to the sync server's port, known before core starts; the server itself needs core's
  // migrated database, so it starts after.
  const syncPort = opts.sync ? await freePort() : undefined;
  const core = await startTestCore({
    // PWA_DIR: a build of one's own (helpers working side by side in one tree each build to their own folder).
    pwaDir: process.env.PWA_DIR ?? path.resolve(import.meta.dirname, "../pwa/dist"),
    // Core asks the Graph API too (templates, Facebook pages): the same stand-in as the worker's.
    graphApiUrl: graph.url,
    ...(syncPort ? { syncUrl: `http://127.0.0.1:${syncPort}` } : {}),
    ...opts.core,
  });
  const sync = syncPort
    ? await startSyncServer({
        databaseUrl: core.databaseUrl,
        port: syncPort,
        jwtSecret: core.config.jwtSecret,
        storeDebounceMs: 50,
        storeMaxDebounceMs: 200,
      })
    : undefined;
  const { rows } = await core.db.pool.query<{ id: number }>(
    `INSERT INTO whatsapps (company_id, name, channel, status, is_default, phone_number_id, access_token, app_secret)
     VALUES (1, 'WhatsApp Cloud', 'whatsappapi', 'CONNECTED', true, $1, 'e2e-access-token', $2) RETURNING id`,
    [PHONE_NUMBER_ID, APP_SECRET],
  );
  const whatsappId = rows[0]!.id;
  const baileys = opts.baileys ? standInSockets() : undefined;
  // The worker reads media messages' files from core's DATA_DIR, as it does in production.
  const worker = await startWorker({
    databaseUrl: core.databaseUrl,
    graphApiUrl: graph.url,
    pollMs: 200,
    dataDir: core.config.dataDir,
    efiPix: { baseUrl: core.config.efiPixUrl, ca: core.config.efiPixCa },
    paymentLinks: {
      stripeApiUrl: core.config.stripeApiUrl,
      mercadopagoApiUrl: core.config.mercadopagoApiUrl,
      asaasApiUrl: core.config.asaasApiUrl,
    },
    jobIntervalMs: opts.jobIntervalMs,
    // WhatsApp by QR code would dial WhatsApp's servers (unreachable here): served only on stand-in sockets.
    channels: baileys || opts.baileysSocket ? ["whatsappapi", "whatsapp"] : ["whatsappapi"],
    ...(baileys ? { baileysSocket: baileys.factory } : {}),
    ...(opts.baileysSocket ? { baileysSocket: opts.baileysSocket } : {}),
  });
  return {
    core,
    graph,
    worker,
    sync,
    ...(baileys ? { baileys } : {}),
    whatsappId,
    async deliverInbound(o) {
      const body = JSON.stringify({
        object: "whatsapp_business_account",
        entry: [
          {
            id: "waba-e2e",
            changes: [
              {
                field: "messages",
                value: {
                  messaging_product: "whatsapp",
                  metadata: { display_phone_number: "5511000000000", phone_number_id: PHONE_NUMBER_ID },
                  contacts: [{ profile: { name: o.name }, wa_id: o.from }],
                  messages: [
                    {
                      from: o.from,
                      id: o.id,
                      timestamp: String(Math.floor(Date.now() / 1000)),
                      type: "text",
                      text: { body: o.text },
                    },
                  ],
                },
              },
            ],
          },
        ],
      });
      const res = await fetch(`${core.url}/webhooks/whatsapp`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-hub-signature-256": `sha256=${createHmac("sha256", APP_SECRET).update(body).digest("hex")}`,
        },
        body,
      });
      return res.status;
    },
    async stop() {
      await worker.stop();
      await sync?.stop();
      await core.close();
      await graph.close();
    },
  };
}
