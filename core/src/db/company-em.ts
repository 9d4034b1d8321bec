// The EntityManager that CRUD use cases run on at request time (decision 0028): forked for one company and bound
// to the caller's pg client, so that it shares the caller's transaction (a route's, or a sync push mutation's
// savepoint) with the set-based SQL beside it and the change log. One place scopes it to the company:
//   - the `company` filter, on by default for every entity with a company_id, adds `company_id = <company>` to
//     find/count/nativeUpdate/nativeDelete; an EntityManager made without a company cannot query at all;
//   - a flush refuses a new row of another company (and fills in the company when left out), and refuses updates
//     and deletes through the unit of work, whose SQL names only the primary key: those go through
//     nativeUpdate/nativeDelete, which the filter scopes.
// The ORM owns no connection: its dialect's pool refuses to connect, so nothing runs outside a caller's client.
// Loaded on the first CRUD call, never at start: routes and push handlers import its use cases through
// lazyUseCase (db/lazy-use-case.ts, decision 0039).
import { type EntityManager, type EventSubscriber, type FlushEventArgs, MikroORM } from "@mikro-orm/postgresql";
import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient } from "kysely";
import type pg from "pg";
import { ENTITIES } from "./entities/index.ts";
import { PostgresNamingStrategy } from "./naming.ts";

export type { EntityManager };

/** The filter (and its parameter) that scopes every query of a company EntityManager. */
const COMPANY_FILTER = "company";

/** Entity names whose table has company_id: the filter applies to them and a flush checks their new rows. */
const TENANT_ENTITIES = ENTITIES.filter((e) => "companyId" in e.meta.properties).map((e) => e.meta.className);

/** Writes through the unit of work: inserts carry the company; updates and deletes must say it in SQL. */
class CompanyScope implements EventSubscriber {
  onFlush({ em, uow }: FlushEventArgs): void {
    const companyId = (em.getFilterParams(COMPANY_FILTER) as { companyId?: number } | undefined)?.companyId;
    for (const cs of uow.getChangeSets()) {
      if (!TENANT_ENTITIES.includes(cs.meta.className)) continue;
      if (cs.type !== "create") {
        throw new Error(
          `${cs.meta.className}: ${cs.type} through flush names only the primary key; use em.native${cs.type === "update" ? "Update" : "Delete"} (scoped by the company filter)`,
        );
      }
      const entity = cs.entity as { companyId?: number };
      if (companyId === undefined) throw new Error(`${cs.meta.className}: no company for a new row`);
      if (entity.companyId === undefined) {
        entity.companyId = companyId;
        cs.payload.companyId = companyId;
      } else if (entity.companyId !== companyId) {
        throw new Error(
          `${cs.meta.className}: a new row of company ${entity.companyId} in company ${companyId}'s unit`,
        );
      }
    }
  }
}

/** A pool that never connects: every statement must run on a caller's client (companyEm). */
const NO_POOL: PostgresPool = {
  connect: () => Promise.reject(new Error("The request EntityManager runs only on a caller's client (companyEm)")),
  end: async () => {},
  options: {},
};

let orm: MikroORM | undefined;

/** The process's one ORM for request-time CRUD, made on first use (metadata only; no connection). */
function requestOrm(): MikroORM {
  orm ??= new MikroORM({
    entities: ENTITIES,
    namingStrategy: PostgresNamingStrategy,
    driverOptions: new PostgresDialect({ pool: NO_POOL }),
    // Required by the configuration, never connected to: statements run on the callers' clients.
    dbName: "chatflow",
    ensureDatabase: false,
    allowGlobalContext: false,
    debug: false,
    logger: () => {},
    subscribers: [new CompanyScope()],
    filters: {
      [COMPANY_FILTER]: {
        cond: (args: { companyId: number }) => ({ companyId: args.companyId }),
        entity: TENANT_ENTITIES,
        default: true,
      },
    },
  });
  return orm;
}

/** One Kysely per pooled client: statements go to that client, inside whatever transaction it is in. */
const onClient = new WeakMap<pg.ClientBase, Kysely<unknown>>();

function kyselyOn(client: pg.ClientBase): Kysely<unknown> {
  let db = onClient.get(client);
  if (!db) {
    const borrowed = {
      // Statements only (MikroORM streams nothing here); the caller's client is released by whoever checked it out.
      query: (sql: string, parameters: readonly unknown[]) => client.query(sql, parameters as unknown[]),
      release: () => {},
    } as unknown as PostgresPoolClient;
    db = new Kysely<unknown>({
      dialect: new PostgresDialect({ pool: { connect: async () => borrowed, end: async () => {}, options: {} } }),
    });
    onClient.set(client, db);
  }
  return db;
}

/**
 * An EntityManager for `companyId`, running on `client`: a fresh identity map (a fork), the company filter set,
 * and `client` as its transaction, so a flush writes there without opening one of its own. Make one per use case;
 * use `transaction()` (kernel/transaction.ts) or the push's savepoint for the unit of work, not `em.transactional()`.
 */
export function companyEm(client: pg.ClientBase, companyId: number): EntityManager {
  const em = requestOrm().em.fork({ clear: true, useContext: false }) as EntityManager;
  em.setFilterParams(COMPANY_FILTER, { companyId });
  em.setTransactionContext(kyselyOn(client));
  return em;
}
