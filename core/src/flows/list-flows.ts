// GET /flowbuilder: a page of the company's flows by name, newest first, with hasMore (spec 2 §7); the list
// resets to page 1 on a new search (the screen's part). Set-based SQL: the screen reads it as it scrolls.
import type pg from "pg";
import { FLOWS_PAGE_SIZE, type FlowListDTO, type TListFlowsQuery } from "../contract/flows.ts";
import { likePattern } from "../kernel/like-pattern.ts";
import { flowAnswer } from "./flow-answer.ts";

export async function listFlows(pool: pg.Pool, companyId: number, q: TListFlowsQuery): Promise<FlowListDTO> {
  const search = q.searchParam ? likePattern(q.searchParam) : null;
  const { rows } = await pool.query(
    `SELECT id, name, active, user_id AS "userId", saved_at AS "savedAt", created_at AS "createdAt",
            updated_at AS "updatedAt"
       FROM flows
      WHERE company_id = $1 AND ($2::text IS NULL OR name ILIKE $2)
      ORDER BY id DESC
      LIMIT $3 OFFSET $4`,
    [companyId, search, FLOWS_PAGE_SIZE + 1, (q.pageNumber - 1) * FLOWS_PAGE_SIZE],
  );
  return { flows: rows.slice(0, FLOWS_PAGE_SIZE).map(flowAnswer), hasMore: rows.length > FLOWS_PAGE_SIZE };
}
