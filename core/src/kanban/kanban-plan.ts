// The plan flag useKanban (spec 1 §1, spec 2 §1): a company whose plan has it off has no board, on any path.
import type { NextFunction, Request, Response } from "express";
import type pg from "pg";
import { actorOf } from "../auth/authenticate.ts";
import { planFeatureMissing } from "../kernel/errors.ts";
import { loadPlanFlags } from "../plans/company-access.ts";

/** ERR_PLAN_FEATURE for a company whose plan has useKanban off (a company without a plan has the defaults: on). */
export async function assertKanbanPlan(db: pg.Pool | pg.ClientBase, companyId: number): Promise<void> {
  const flags = await loadPlanFlags(db, companyId);
  if (flags && !flags.useKanban) throw planFeatureMissing();
}

/** The same check as an Express middleware for the board's REST calls. */
export function requireKanbanFlag(pool: pg.Pool) {
  return async (_req: Request, res: Response, next: NextFunction) => {
    try {
      await assertKanbanPlan(pool, actorOf(res).companyId);
      next();
    } catch (err) {
      next(err);
    }
  };
}
