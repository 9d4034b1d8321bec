// The super user acts on any company's connection as that company's admin does (spec 3 §2 /allConnections: "an
// action that opens that company's connection dialog"; decision 0105): the connection's company becomes the
// actor's for that one call, so every use case runs unchanged, scoped to that company. Anyone else stays in their
// own company (another company's id answers 404 as before).
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";

export async function actorForConnection(db: pg.Pool | pg.ClientBase, actor: Actor, id: number): Promise<Actor> {
  if (!actor.super) return actor;
  const { rows } = await db.query<{ company_id: number }>(
    `/* all-companies: the super user reaches any company's connection (/allConnections) */
     SELECT company_id FROM whatsapps WHERE id = $1`,
    [id],
  );
  const companyId = rows[0]?.company_id;
  if (companyId === undefined || companyId === actor.companyId) return actor;
  return { ...actor, companyId, profile: "admin" };
}
