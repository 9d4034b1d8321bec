// Test setup of core, the worker and the sync server: every statement their code sends through pg is read by
// the tenant guard, and a test file fails when one touched a tenant table without naming its company.
import pg from "pg";
import { afterAll, beforeAll, inject } from "vitest";
import { findUnscopedTables } from "../core/src/testing/tenant-guard.ts";

type Violation = { sql: string; problems: string[]; caller: string };
type GuardState = { tables: Set<string>; violations: Violation[] };

const STATE = Symbol.for("chatflow.tenantGuard");
const globals = globalThis as typeof globalThis & { [STATE]?: GuardState };

// A test's own statements (seeding, reading back what happened) are not core's and are not judged.
const TEST_CODE = /\.test\.tsx?|\/testing\/|\/test\//;

/** The first frame of our own code that led to this query, or "" when none is on the stack. */
function callerOf(stack: string): string {
  for (const line of stack.split("\n").slice(1)) {
    if (line.includes("node_modules") || line.includes("tenant-guard") || line.includes("node:")) continue;
    const m = /\((?:file:\/\/)?(\/[^)]+)\)|at (?:file:\/\/)?(\/\S+)/.exec(line);
    if (m) return (m[1] ?? m[2])!;
  }
  return "";
}

function judge(state: GuardState, query: unknown, stack: string) {
  const sql = typeof query === "string" ? query : (query as { text?: unknown } | null)?.text;
  if (typeof sql !== "string") return;
  // MikroORM's own pool runs only the migrations and the seed (decision 0003), with none of our frames on the
  // stack (below). The request-time EntityManager (core/src/db/company-em.ts) sends through our client, from our
  // frame, and is judged like any other statement (decision 0028).
  const caller = callerOf(stack);
  // Our code is always on the synchronous stack of a query it sends; none at all means the test runner's own
  // callbacks (expect.poll, vi.waitFor) sent it for a test.
  if (caller === "" || TEST_CODE.test(caller)) return;
  const problems = findUnscopedTables(sql, state.tables);
  if (problems.length > 0) state.violations.push({ sql: sql.replace(/\s+/g, " ").trim(), problems, caller });
}

function stackNow(): string {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 40;
  const stack = new Error().stack ?? "";
  Error.stackTraceLimit = limit;
  return stack;
}

function install(): GuardState {
  const state: GuardState = { tables: new Set(), violations: [] };
  const poolQuery = pg.Pool.prototype.query;
  const clientQuery = pg.Client.prototype.query;
  // biome-ignore lint/suspicious/noExplicitAny: pg's query has many overloads; the wrapper passes them through
  (pg.Pool.prototype as any).query = function guardedPoolQuery(this: pg.Pool, ...args: any[]) {
    judge(state, args[0], stackNow());
    return (poolQuery as (...a: unknown[]) => unknown).apply(this, args);
  };
  // biome-ignore lint/suspicious/noExplicitAny: as above
  (pg.Client.prototype as any).query = function guardedClientQuery(this: pg.Client, ...args: any[]) {
    const stack = stackNow();
    // pool.query hands its statement to a client: already judged with the caller's stack above.
    if (!stack.split("\n")[2]?.includes("pg-pool")) judge(state, args[0], stack);
    return (clientQuery as (...a: unknown[]) => unknown).apply(this, args);
  };
  return state;
}

const state = globals[STATE] ?? install();
globals[STATE] = state;

beforeAll(() => {
  state.tables = new Set(inject("tenantTables"));
  state.violations = [];
});

afterAll(() => {
  const found = state.violations;
  state.violations = [];
  if (found.length === 0) return;
  const lines = found.map((v) => `- ${v.problems.join("; ")}\n  ${v.sql.slice(0, 400)}\n  from ${v.caller}`);
  throw new Error(`${found.length} statement(s) on tenant tables without company_id:\n${lines.join("\n")}`);
});
