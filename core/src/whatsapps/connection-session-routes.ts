// The session calls of spec 2 §7: POST /whatsappsession/{id} (try again / start, optional pairing number; on a Graph
// API connection it re-checks the token),
// PUT /whatsappsession/{id} (new QR), DELETE /whatsappsession/{id} (disconnect), DELETE
// /whatsappsession/admin/{id} (super user, any company), POST /whatsapp-restart/ (every connection of the
// company), POST /closedimported/{id} (close the tickets an import opened), and GET /whatsapp/all (the
// super user's overview). Each answers once its transaction, NOTIFY included, has committed. On a connection id the
// super user acts in that connection's company, as its admin does (connection-company.ts; decision 0105).
import { Router } from "express";
import type pg from "pg";
import { actorOf } from "../auth/authenticate.ts";
import { zIdParam } from "../contract/ids.ts";
import { ZStartSessionRequestSchema } from "../contract/whatsapps.ts";
import { parse } from "../kernel/errors.ts";
import { transaction } from "../kernel/transaction.ts";
import type { GraphApi } from "../meta/graph-api.ts";
import { checkGraphToken } from "../meta/graph-token-check.ts";
import { closeImportedTickets } from "./close-imported-tickets.ts";
import { actorForConnection } from "./connection-company.ts";
import { disconnectAnySession, disconnectSession } from "./disconnect-session.ts";
import { listAllConnections } from "./list-all-connections.ts";
import { newQrSession } from "./new-qr-session.ts";
import { loadGraphTarget, recordTokenCheck } from "./recheck-connection.ts";
import { restartSessions } from "./restart-sessions.ts";
import { startSession } from "./start-session.ts";

/** `graph`: where 'try again' re-checks a Cloud API, Facebook or Instagram token (decision 0093). */
export function connectionSessionRoutes(pool: pg.Pool, graph: GraphApi): Router {
  const router = Router();
  // Before /whatsapp/:id (whatsapp-routes.ts), which would read "all" as an id.
  router.get("/whatsapp/all", async (_req, res) => {
    res.json(await listAllConnections(pool, actorOf(res)));
  });
  router.post("/whatsappsession/:id", async (req, res) => {
    const id = parse(zIdParam, req.params.id);
    const actor = await actorForConnection(pool, actorOf(res), id);
    const input = parse(ZStartSessionRequestSchema, req.body ?? {});
    // A Graph API connection has no session: its token is checked (outside the transaction) instead.
    const target = await loadGraphTarget(pool, actor, id);
    if (target) {
      const check = await checkGraphToken(graph, target);
      res.json(await transaction(pool, (c) => recordTokenCheck(c, actor, id, check)));
      return;
    }
    res.json(await transaction(pool, (c) => startSession(c, actor, id, input)));
  });
  router.put("/whatsappsession/:id", async (req, res) => {
    const id = parse(zIdParam, req.params.id);
    const actor = await actorForConnection(pool, actorOf(res), id);
    res.json(await transaction(pool, (c) => newQrSession(c, actor, id)));
  });
  router.delete("/whatsappsession/admin/:id", async (req, res) => {
    const actor = actorOf(res);
    const id = parse(zIdParam, req.params.id);
    await transaction(pool, (c) => disconnectAnySession(c, actor, id));
    res.status(204).end();
  });
  router.delete("/whatsappsession/:id", async (req, res) => {
    const id = parse(zIdParam, req.params.id);
    const actor = await actorForConnection(pool, actorOf(res), id);
    res.json(await transaction(pool, (c) => disconnectSession(c, actor, id)));
  });
  router.post("/whatsapp-restart", async (_req, res) => {
    const actor = actorOf(res);
    res.json(await transaction(pool, (c) => restartSessions(c, actor)));
  });
  router.post("/closedimported/:id", async (req, res) => {
    const id = parse(zIdParam, req.params.id);
    const actor = await actorForConnection(pool, actorOf(res), id);
    res.json(await transaction(pool, (c) => closeImportedTickets(c, actor, id)));
  });
  return router;
}
