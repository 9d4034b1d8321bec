// Every API router of core, in one list. Public routers answer without a
// session; the others run behind `authenticate`. A domain adds its router here.
import type { Router } from "express";
import type pg from "pg";
import type { Tokens } from "../auth/tokens.ts";
import type { CoreConfig } from "../config.ts";
import type { Db } from "../db/orm.ts";
import type { IngestBatcher } from "../messages/ingest.ts";
import { messageRoutes } from "../messages/message-routes.ts";
import { syncRoutes } from "../sync/sync-routes.ts";
import { ticketRoutes } from "../tickets/ticket-routes.ts";

export type AppDeps = {
  pool: pg.Pool;
  tokens: Tokens;
  config: CoreConfig;
  batcher: IngestBatcher;
  /** MikroORM and the pool; for use cases that use the EntityManager. */
  db?: Db;
};

/** Routers that need no session (besides /auth, which core mounts itself). */
export function publicRoutes(_deps: AppDeps): Router[] {
  return [];
}

/** Routers behind a live session; `res.locals.actor` is the caller (see actorOf). */
export function sessionRoutes(deps: AppDeps): Router[] {
  return [syncRoutes(deps.pool), ticketRoutes(deps.pool), messageRoutes(deps.pool)];
}
