import type { TicketReportDTO, TicketReportRowDTO } from "@chatflow/core/contract/reports.ts";
import { describe, expect, it, vi } from "vitest";
import {
  defaultFilters,
  fetchAllRows,
  pageRange,
  reportDateTime,
  reportQuery,
  reportSheet,
  supportTimeText,
} from "./report-model.ts";

const row: TicketReportRowDTO = {
  id: 7,
  uuid: "u-7",
  whatsappName: "Comercial",
  contactName: "Maria",
  userName: null,
  queueName: "Vendas",
  status: "closed",
  lastMessage: "Obrigada",
  createdAt: "2026-03-02T12:00:00.000Z",
  closedAt: "2026-03-02T13:02:03.000Z",
  supportTime: 3723,
  NPS: 3,
};

describe("#reports model (spec 3 §9)", () => {
  it("opens on the first of the month to today in America/Sao_Paulo", () => {
    // 02:00 UTC on April 1 is still March 31 in São Paulo.
    expect(defaultFilters(new Date("2026-04-01T02:00:00Z"))).toMatchObject({
      dateFrom: "2026-03-01",
      dateTo: "2026-03-31",
    });
    expect(defaultFilters(new Date("2026-04-01T12:00:00Z"))).toMatchObject({
      dateFrom: "2026-04-01",
      dateTo: "2026-04-01",
    });
  });

  it("sends lists as JSON arrays and only the filters given", () => {
    const f = { ...defaultFilters(new Date("2026-03-10T12:00:00Z")), users: [3, 4], status: ["open"], whatsappId: 2 };
    const q = new URLSearchParams(reportQuery(f, 2, 10));
    expect(Object.fromEntries(q)).toEqual({
      whatsappId: "[2]",
      users: "[3,4]",
      status: '["open"]',
      dateFrom: "2026-03-01",
      dateTo: "2026-03-10",
      page: "2",
      pageSize: "10",
    });
    expect(new URLSearchParams(reportQuery({ ...f, onlyRated: true, contactId: 9 }, 1, 5)).get("onlyRated")).toBe(
      "true",
    );
  });

  it("reads times in São Paulo and support time as hh:mm:ss", () => {
    expect(reportDateTime("2026-03-02T02:30:00Z")).toBe("01/03/2026 23:30");
    expect(reportDateTime(null)).toBe("");
    expect(supportTimeText(3723)).toBe("01:02:03");
    expect(supportTimeText(90_000)).toBe("25:00:00");
    expect(supportTimeText(null)).toBe("");
  });

  it("numbers the page's rows", () => {
    expect(pageRange(2, 10, 35)).toEqual({ from: 11, to: 20, pages: 4 });
    expect(pageRange(1, 10, 0)).toEqual({ from: 0, to: 0, pages: 1 });
  });

  it("builds the sheet with a header row and the screen's texts", () => {
    const h = Object.fromEntries(
      [
        "id",
        "whatsappName",
        "contactName",
        "userName",
        "queueName",
        "status",
        "lastMessage",
        "createdAt",
        "closedAt",
        "supportTime",
        "NPS",
      ].map((k) => [k, k.toUpperCase()]),
    ) as Parameters<typeof reportSheet>[1];
    const sheet = reportSheet([row], h, (s) => `status:${s}`);
    expect(sheet[0]).toEqual([
      "ID",
      "WHATSAPPNAME",
      "CONTACTNAME",
      "USERNAME",
      "QUEUENAME",
      "STATUS",
      "LASTMESSAGE",
      "CREATEDAT",
      "CLOSEDAT",
      "SUPPORTTIME",
      "NPS",
    ]);
    expect(sheet[1]).toEqual([
      7,
      "Comercial",
      "Maria",
      "",
      "Vendas",
      "status:closed",
      "Obrigada",
      "02/03/2026 09:00",
      "02/03/2026 10:02",
      "01:02:03",
      3,
    ]);
  });

  it("exports every page of the filters", async () => {
    const page = (n: number, total: number): TicketReportDTO => ({
      tickets: Array.from({ length: n }, (_, i) => ({ ...row, id: i })),
      totalTickets: { total },
    });
    const get = vi.fn().mockResolvedValueOnce(page(5000, 5001)).mockResolvedValueOnce(page(1, 5001));
    const rows = await fetchAllRows({ get } as never, defaultFilters());
    expect(rows).toHaveLength(5001);
    expect(get.mock.calls.map((c) => new URLSearchParams(String(c[0]).split("?")[1]).get("page"))).toEqual(["1", "2"]);
  });
});
