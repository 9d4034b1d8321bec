// The answers every part gives a load balancer or an orchestrator: /healthz, the process answers (liveness:
// restart it when not); /readyz, it can do its work now (readiness: send it traffic, count it in). A draining
// part (stopping for a deploy) is alive but not ready, so traffic moves before it goes away.
import type pg from "pg";
import { VERSION } from "./version.ts";

/** Set by a part when it starts stopping: /readyz answers 503 from then on. */
export type HealthState = { draining: boolean };

export type HealthAnswer = { status: number; headers: Record<string, string>; body: Record<string, unknown> };

/** How long the database may take to answer the readiness probe. */
const DATABASE_PROBE_MS = 2_000;

/** Whether the database answers a trivial query in time (a refused or hung connection is a no). */
export async function databaseAnswers(pool: pg.Pool, withinMs = DATABASE_PROBE_MS): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), withinMs);
  });
  try {
    return await Promise.race([pool.query("SELECT 1").then(() => true as const), late]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

const NO_STORE = { "Cache-Control": "no-store" };

export function liveness(part: string): HealthAnswer {
  return { status: 200, headers: NO_STORE, body: { status: "ok", part, version: VERSION } };
}

export async function readiness(part: string, pool: pg.Pool, state: HealthState): Promise<HealthAnswer> {
  if (state.draining) return { status: 503, headers: NO_STORE, body: { status: "draining", part, version: VERSION } };
  const database = await databaseAnswers(pool);
  return {
    status: database ? 200 : 503,
    headers: database ? NO_STORE : { ...NO_STORE, "Retry-After": "5" },
    body: {
      status: database ? "ready" : "unavailable",
      part,
      version: VERSION,
      checks: { database: database ? "ok" : "unavailable" },
    },
  };
}

/** The probe a path names, or undefined for any other path. */
export function healthProbe(
  path: string,
  part: string,
  pool: pg.Pool,
  state: HealthState,
): Promise<HealthAnswer> | undefined {
  if (path === "/healthz") return Promise.resolve(liveness(part));
  if (path === "/readyz") return readiness(part, pool, state);
  return undefined;
}
