// The list reads index ranges chosen per caller and filter (slices); whatever
// ranges it picks, it must list exactly the tickets the caller may see that
// match the filters. Checked against a plain evaluation, for every kind of caller.
import { describe, expect, it } from "vitest";
import { coreForFile } from "../testing/test-world.ts";
import { type SeedTicket, seedTickets, visibilityCases } from "../testing/ticket-list-factories.ts";
import { listTickets } from "./list-tickets.ts";
import type { ListActor } from "./ticket-list-filter.ts";
import { type TListTicketsQuery, ZListTicketsQuerySchema } from "./ticket-list-query.ts";
import { PageBoundaryCache } from "./ticket-page-cursor.ts";
import { canSeeTicket } from "./visibility.ts";

const core = coreForFile();

type Row = SeedTicket & { id: number; queueId: number | null; userId: number | null; isGroup: boolean; status: string };

/** The list's meaning, evaluated ticket by ticket (docs/decisions/0008-ticket-list.md). */
function expected(actor: ListActor, q: TListTicketsQuery, tickets: Row[]): number[] {
  const admin = actor.profile === "admin";
  const owners = admin ? q.users : undefined;
  const showAll = (admin && (q.showAll || owners !== undefined)) || (actor.allUserChat === "enabled" && q.showAll);
  const listed = tickets
    .filter((t) => canSeeTicket(actor, t))
    .filter((t) => showAll || t.userId === null || t.userId === actor.id || ["pending", "closed"].includes(t.status))
    .filter((t) => !q.status || t.status === q.status)
    .filter(
      (t) =>
        !q.queueIds ||
        (t.queueId !== null && q.queueIds.includes(t.queueId)) ||
        (t.queueId === null && actor.allTicket === "enabled"),
    )
    .filter((t) => !owners || (t.userId !== null && owners.includes(t.userId)));
  const ids = listed.map((t) => t.id);
  return q.sortTickets === "ASC" && q.status !== "closed" ? ids.reverse() : ids;
}

describe("#tickets.list slices", () => {
  it("lists exactly the visible tickets matching the filters, page after page, for every kind of caller", async () => {
    const pool = core.db.pool;
    const { company, mine, theirs, me, other, cases } = await visibilityCases(pool, [
      "pending",
      "open",
      "group",
      "closed",
      "lgpd",
    ]);
    // Newest first is the order they were given in.
    const ids = await seedTickets(pool, company.id, cases);
    const tickets = cases.map((c, i) => ({ ...c, id: ids[i]! }) as Row);

    const queries = [];
    for (const status of [undefined, "open", "pending", "closed", "group"])
      for (const showAll of [false, true])
        for (const queueIds of [undefined, [mine.id], [theirs.id]]) queries.push({ status, showAll, queueIds });
    queries.push(
      { users: [other.id] },
      { users: [me.id, other.id], status: "open" },
      { status: "open", sortTickets: "ASC" },
      { showAll: true, sortTickets: "ASC" },
    );

    let lists = 0;
    for (const profile of ["admin", "user"] as const)
      for (let bits = 0; bits < 32; bits++) {
        const actor: ListActor = {
          id: me.id,
          companyId: company.id,
          profile,
          queueIds: bits & 16 ? [mine.id] : [],
          allTicket: bits & 1 ? "enabled" : "disabled",
          allowGroup: Boolean(bits & 2),
          allHistoric: bits & 4 ? "enabled" : "disabled",
          allUserChat: bits & 8 ? "enabled" : "disabled",
        };
        const cache = new PageBoundaryCache();
        for (const raw of queries) {
          const query = ZListTicketsQuerySchema.parse({
            ...raw,
            showAll: raw.showAll ? "true" : undefined,
            queueIds: raw.queueIds ? JSON.stringify(raw.queueIds) : undefined,
            users: raw.users ? JSON.stringify(raw.users) : undefined,
          });
          const listed: number[] = [];
          let count = -1;
          // Pages by cursor, then the same by pageNumber (the boundaries are cached by then).
          for (const by of ["cursor", "pageNumber"]) {
            let next: string | null = null;
            let page = 1;
            const walked: number[] = [];
            do {
              const q = by === "cursor" ? { ...query, cursor: next ?? undefined } : { ...query, pageNumber: page++ };
              const answer = await listTickets(pool, actor, q, cache, false);
              walked.push(...answer.rows.map((t) => t.id));
              count = answer.count;
              next = answer.nextCursor;
            } while (next);
            listed.push(...walked);
            expect({ actor, raw, by, walked }).toEqual({ actor, raw, by, walked: expected(actor, query, tickets) });
          }
          expect({ actor, raw, count }).toEqual({ actor, raw, count: listed.length / 2 });
          lists++;
        }
      }
    expect(lists).toBe(64 * queries.length);
  }, 120_000);
});
