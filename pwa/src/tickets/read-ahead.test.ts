// @vitest-environment jsdom
import type { MessageDTO, TicketDTO } from "@chatflow/core/contract/entities.ts";
import { describe, expect, it } from "vitest";
import { aheadPage, aheadTicket, FIRST_WINDOW, readAhead, rowUuid } from "./read-ahead.ts";

const UUID = "0194a3c2-1111-7000-8000-000000000001";
const ticket = { id: 7, uuid: UUID } as TicketDTO;
const page = { messages: [{ id: "m1" } as MessageDTO], olderInReplica: false };

describe("#reading a conversation ahead of its route", () => {
  it("reads the ticket, then its first window, and serves both for a few seconds", async () => {
    const asked: string[] = [];
    await readAhead(
      UUID,
      {
        ticket: async (u) => {
          asked.push(`ticket ${u}`);
          return ticket;
        },
        page: async (id, limit) => {
          asked.push(`page ${id} ${limit}`);
          return page;
        },
      },
      1_000,
    );
    expect(asked).toEqual([`ticket ${UUID}`, `page 7 ${FIRST_WINDOW}`]);
    expect(aheadTicket(UUID, 2_000)).toBe(ticket);
    expect(aheadPage(7, FIRST_WINDOW, 2_000)).toBe(page);
    // Only the first window, only this ticket, only while fresh.
    expect(aheadPage(7, FIRST_WINDOW + 20, 2_000)).toBeUndefined();
    expect(aheadPage(8, FIRST_WINDOW, 2_000)).toBeUndefined();
    expect(aheadTicket(UUID, 7_000)).toBeUndefined();
    expect(aheadPage(7, FIRST_WINDOW, 7_000)).toBeUndefined();
  });

  it("does not read again while a fresh read exists, and forgets a failed one", async () => {
    let reads = 0;
    const read = {
      ticket: async () => {
        reads++;
        throw new Error("closed");
      },
      page: async () => page,
    };
    const other = "0194a3c2-1111-7000-8000-000000000002";
    await readAhead(other, read, 10_000);
    expect(aheadTicket(other, 10_001)).toBeUndefined();
    await readAhead(other, read, 10_002);
    expect(reads).toBe(2);
    const counted = {
      ticket: async () => {
        reads++;
        return ticket;
      },
      page: async () => page,
    };
    await readAhead(UUID, counted, 20_000);
    await readAhead(UUID, counted, 21_000);
    expect(reads).toBe(3);
  });

  it("finds the row's conversation from the element pressed inside its link", () => {
    document.body.innerHTML = `<a href="/tickets/${UUID}"><span id="inside">Maria</span></a><a href="/contacts"><b id="other">x</b></a>`;
    expect(rowUuid(document.getElementById("inside"))).toBe(UUID);
    expect(rowUuid(document.getElementById("other"))).toBeNull();
    expect(rowUuid(null)).toBeNull();
  });
});
