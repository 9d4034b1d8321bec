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

/** What else a part needs to work, by name (the sync server's Redis when it shares documents through one). */
export type ReadinessChecks = Record<string, () => boolean | Promise<boolean>>;

export async function readiness(
  part: string,
  pool: pg.Pool,
  state: HealthState,
  more: ReadinessChecks = {},
): Promise<HealthAnswer> {
  if (state.draining) return { status: 503, headers: NO_STORE, body: { status: "draining", part, version: VERSION } };
  const names = ["database", ...Object.keys(more)];
  const results = await Promise.all([
    databaseAnswers(pool),
    ...Object.values(more).map((check) => Promise.resolve(check()).catch(() => false)),
  ]);
  const ready = results.every(Boolean);
  return {
    status: ready ? 200 : 503,
    headers: ready ? NO_STORE : { ...NO_STORE, "Retry-After": "5" },
    body: {
      status: ready ? "ready" : "unavailable",
      part,
      version: VERSION,
      checks: Object.fromEntries(names.map((name, i) => [name, results[i] ? "ok" : "unavailable"])),
    },
  };
}

/** The probe a path names, or undefined for any other path. */
export function healthProbe(
  path: string,
  part: string,
  pool: pg.Pool,
  state: HealthState,
  more?: ReadinessChecks,
): Promise<HealthAnswer> | undefined {
  if (path === "/healthz") return Promise.resolve(liveness(part));
  if (path === "/readyz") return readiness(part, pool, state, more);
  return undefined;
}
