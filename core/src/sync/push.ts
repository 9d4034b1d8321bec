// POST /sync/push: applies a client's mutations in order, each exactly once.
// (clientId, mutation id) is stored with the mutation's effects in the same
// transaction, so a push repeated after a lost answer changes nothing.
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import type { ErrorBody } from "../contract/errors.ts";
import type { MutationName, MutationResult, PushResponse, TPushRequest } from "../contract/sync.ts";
import { AppError, invalidInput } from "../http/errors.ts";
import { HANDLERS, type Handler } from "./push-handlers.ts";

/** The mutation's handler; own keys only, so a name like "toString" is unknown, not Object's. */
function handlerOf(name: string): Handler {
  if (!Object.hasOwn(HANDLERS, name)) throw invalidInput(`Unknown mutation ${name}`);
  return HANDLERS[name as MutationName];
}

export async function push(pool: pg.Pool, actor: Actor, req: TPushRequest): Promise<PushResponse> {
  const results: MutationResult[] = [];
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    for (const m of req.mutations) {
      const seen = await client.query<{ user_id: number; error: ErrorBody | null }>(
        `INSERT INTO client_mutations (client_id, mutation_id, company_id, user_id) VALUES ($1, $2, $3, $4)
         ON CONFLICT (client_id, mutation_id) DO NOTHING RETURNING user_id, error`,
        [req.clientId, m.id, actor.companyId, actor.id],
      );
      if (seen.rowCount === 0) {
        const before = await client.query<{ user_id: number; error: ErrorBody | null }>(
          "SELECT /* all-companies: a client id is unique across the platform; its user is checked */ user_id, error FROM client_mutations WHERE client_id = $1 AND mutation_id = $2",
          [req.clientId, m.id],
        );
        const row = before.rows[0]!;
        if (row.user_id !== actor.id) {
          results.push({ id: m.id, ok: false, error: { error: "ERR_NO_PERMISSION", message: "Foreign client id" } });
        } else results.push(row.error ? { id: m.id, ok: false, error: row.error } : { id: m.id, ok: true });
        continue;
      }
      await client.query("SAVEPOINT mutation");
      try {
        await handlerOf(m.name)(client, actor, m.args);
        await client.query("RELEASE SAVEPOINT mutation");
        results.push({ id: m.id, ok: true });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        await client.query("ROLLBACK TO SAVEPOINT mutation");
        const error = err.toBody();
        await client.query(
          "UPDATE client_mutations SET error = $3 WHERE client_id = $1 AND mutation_id = $2 AND company_id = $4",
          [req.clientId, m.id, JSON.stringify(error), actor.companyId],
        );
        results.push({ id: m.id, ok: false, error });
      }
    }
    await client.query("COMMIT");
    return { results };
  } catch (err) {
    await client.query("ROLLBACK").catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}
