// The dashboard screen's rules (dashboard-model.ts): the filter's query and 'Parametrize o filtro', NPS shares,
// chart bars and the spreadsheet rows.
import { describe, expect, it } from "vitest";
import {
  attendantsSheet,
  dashboardQuery,
  daysBefore,
  npsShares,
  npsTone,
  rangeQuery,
  ticketsPerDayBars,
  ticketsPerUserBars,
} from "./dashboard-model.ts";

const ana = {
  id: 7,
  name: "Ana",
  rating: 4.5,
  countRating: 2,
  tickets: 4,
  avgWaitTime: 11.3,
  avgSupportTime: 45,
  online: true,
};
const bruno = {
  ...ana,
  id: 8,
  name: "Bruno",
  rating: null,
  countRating: 0,
  tickets: 0,
  avgWaitTime: null,
  online: false,
};

describe("#dashboard filter", () => {
  it("asks for days alone, dates when given (they win), and refuses an empty filter (spec 1 §5)", () => {
    expect(dashboardQuery({ days: " 30 ", startDate: "", endDate: "" })).toEqual({ query: "days=30" });
    expect(dashboardQuery({ days: "30", startDate: "2026-03-01", endDate: "2026-03-07" })).toEqual({
      query: "date_from=2026-03-01&date_to=2026-03-07",
    });
    expect(dashboardQuery({ days: "", startDate: "", endDate: "2026-03-07" })).toEqual({ query: "date_to=2026-03-07" });
    expect(dashboardQuery({ days: " ", startDate: "", endDate: "" })).toEqual({ error: "required" });
  });

  it("a chart needs both of its dates", () => {
    expect(rangeQuery("2026-03-01", "2026-03-07")).toBe("initialDate=2026-03-01&finalDate=2026-03-07");
    expect(rangeQuery("2026-03-01", "")).toBeNull();
    expect(daysBefore("2026-03-01", 6)).toBe("2026-02-23");
  });
});

describe("#NPS", () => {
  it("shares each class of the rated calls, whole percents; nothing rated is all zeros", () => {
    expect(npsShares({ npsPromoters: 1, npsNeutrals: 1, npsDetractors: 2 })).toEqual({
      promoters: 25,
      neutral: 25,
      detractors: 50,
    });
    expect(npsShares({ npsPromoters: 0, npsNeutrals: 0, npsDetractors: 0 })).toEqual({
      promoters: 0,
      neutral: 0,
      detractors: 0,
    });
    expect([null, -25, 0, 50, 51].map(npsTone)).toEqual(["primary", "danger", "warning", "warning", "success"]);
  });
});

describe("#charts and export", () => {
  it("draws one bar per attendant and per day (dd/mm) or hour (HHh)", () => {
    expect(ticketsPerUserBars([ana, bruno])).toEqual([
      { id: 7, label: "Ana", value: 4 },
      { id: 8, label: "Bruno", value: 0 },
    ]);
    expect(ticketsPerDayBars({ unit: "day", count: [{ label: "2026-03-02", total: 2 }] })).toEqual([
      { label: "02/03", value: 2 },
    ]);
    expect(ticketsPerDayBars({ unit: "hour", count: [{ label: "09", total: 1 }] })).toEqual([
      { label: "09h", value: 1 },
    ]);
  });

  it("writes the header and one row per attendant, figures as numbers and the status in words", () => {
    const h = {
      name: "Nome",
      rating: "Avaliação",
      countRating: "Nº",
      tickets: "Tickets",
      avgWaitTime: "Espera",
      avgSupportTime: "Atendimento",
      online: "Status",
      isOnline: "Online",
      isOffline: "Offline",
    };
    expect(attendantsSheet([ana, bruno], h)).toEqual([
      ["Nome", "Avaliação", "Nº", "Tickets", "Espera", "Atendimento", "Status"],
      ["Ana", 4.5, 2, 4, 11.3, 45, "Online"],
      ["Bruno", null, 0, 0, null, 45, "Offline"],
    ]);
  });
});
