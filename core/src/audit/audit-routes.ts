// GET /audit, GET /audit/export, GET and PUT /audit/retention (decision 0108). No route edits or deletes an entry.
import { Router } from "express";
import type pg from "pg";
import { actorOf } from "../auth/authenticate.ts";
import { ZAuditQuerySchema, ZAuditRetentionRequestSchema } from "../contract/audit.ts";
import { parse } from "../kernel/errors.ts";
import { logger } from "../kernel/logger.ts";
import { transaction } from "../kernel/transaction.ts";
import { authorizeAudit } from "./audit-policy.ts";
import { setAuditRetention, showAuditRetention } from "./audit-retention.ts";
import { exportAuditEntries, listAuditEntries } from "./list-audit-entries.ts";

export function auditRoutes(pool: pg.Pool): Router {
  const router = Router();
  router.get("/audit", async (req, res) => {
    const actor = actorOf(res);
    authorizeAudit(actor, "read");
    res.json(await listAuditEntries(pool, actor, parse(ZAuditQuerySchema, req.query)));
  });
  router.get("/audit/export", async (req, res) => {
    const actor = actorOf(res);
    authorizeAudit(actor, "read");
    const { pageNumber: _, ...filter } = parse(ZAuditQuerySchema, req.query);
    res.type("text/csv; charset=utf-8");
    res.attachment("auditoria.csv");
    try {
      for await (const piece of exportAuditEntries(pool, actor, filter)) {
        if (!res.write(piece)) await new Promise((resolve) => res.once("drain", resolve));
      }
      res.end();
    } catch (err) {
      if (!res.headersSent) throw err;
      logger.error({ err }, "audit export failed");
      res.destroy();
    }
  });
  router.get("/audit/retention", async (_req, res) => {
    res.json(await showAuditRetention(pool, actorOf(res)));
  });
  router.put("/audit/retention", async (req, res) => {
    const actor = actorOf(res);
    const { days } = parse(ZAuditRetentionRequestSchema, req.body ?? {});
    await transaction(pool, (c) => setAuditRetention(c, actor, days));
    res.json(await showAuditRetention(pool, actor));
  });
  return router;
}
