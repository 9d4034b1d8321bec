// POST /sync/push: applies a client's mutations in order, each exactly once.
// (user, clientId, mutation id) is stored with the mutation's effects in the same
// transaction, so a push repeated after a lost answer changes nothing. Each mutation
// runs in its own savepoint: a refused one is rolled back alone and its refusal stored.

import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import type { ErrorBody } from "../contract/errors.ts";
import type { MutationName, MutationResult, PushResponse, TPushRequest } from "../contract/sync.ts";
import { AppError, inputDataError, internalError, invalidInput } from "../kernel/errors.ts";
import { logger } from "../kernel/logger.ts";
import { nulByteError } from "../kernel/nul-bytes.ts";
import { transaction } from "../kernel/transaction.ts";
import { HANDLERS, type Handler } from "./push-handlers.ts";

/** The mutation's handler; own keys only, so a name like "toString" is unknown, not Object's. */
function handlerOf(name: string): Handler {
  if (!Object.hasOwn(HANDLERS, name)) throw invalidInput(`Unknown mutation ${name}`);
  return HANDLERS[name as MutationName];
}

/**
 * What a failed mutation answers: its own AppError, ERR_VALIDATION for input the database
 * refused (the contract let it through), ERR_INTERNAL for a bug, logged with its stack.
 * Either way the mutation alone is refused and the rest of the batch applies, so one bad
 * mutation cannot wedge a client's outbox.
 */
function refusal(err: unknown, name: string): AppError {
  if (err instanceof AppError) return err;
  const data = inputDataError(err);
  if (data) {
    logger.warn({ mutation: name, reason: (err as Error).message }, "push: input refused by PostgreSQL");
    return data;
  }
  logger.error({ mutation: name, err }, "push: mutation failed");
  return internalError();
}

export async function push(pool: pg.Pool, actor: Actor, req: TPushRequest): Promise<PushResponse> {
  return transaction(pool, async (client) => {
    const results: MutationResult[] = [];
    for (const m of req.mutations) {
      // Keyed by the caller (decision 0039): a client id another user or company pushed with is a new one here.
      const seen = await client.query<{ error: ErrorBody | null }>(
        `INSERT INTO client_mutations (client_id, mutation_id, company_id, user_id) VALUES ($1, $2, $3, $4)
         ON CONFLICT (company_id, user_id, client_id, mutation_id) DO NOTHING RETURNING error`,
        [req.clientId, m.id, actor.companyId, actor.id],
      );
      if (seen.rowCount === 0) {
        const before = await client.query<{ error: ErrorBody | null }>(
          "SELECT error FROM client_mutations WHERE company_id = $1 AND user_id = $2 AND client_id = $3 AND mutation_id = $4",
          [actor.companyId, actor.id, req.clientId, m.id],
        );
        const error = before.rows[0]?.error;
        results.push(error ? { id: m.id, ok: false, error } : { id: m.id, ok: true });
        continue;
      }
      await client.query("SAVEPOINT mutation");
      try {
        const nul = nulByteError(m.args);
        if (nul) throw nul;
        await handlerOf(m.name)(client, actor, m.args);
        await client.query("RELEASE SAVEPOINT mutation");
        results.push({ id: m.id, ok: true });
      } catch (err) {
        await client.query("ROLLBACK TO SAVEPOINT mutation");
        const error = refusal(err, m.name).toBody();
        await client.query(
          "UPDATE client_mutations SET error = $3 WHERE client_id = $1 AND mutation_id = $2 AND company_id = $4 AND user_id = $5",
          [req.clientId, m.id, JSON.stringify(error), actor.companyId, actor.id],
        );
        results.push({ id: m.id, ok: false, error });
      }
    }
    return { results };
  });
}
