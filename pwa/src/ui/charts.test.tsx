// @vitest-environment jsdom
// The dashboard's chart primitives and the figures table (charts.tsx, data-table.tsx): each value reachable as
// text, the meter's values, bars scaled to a readable axis.
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { BarChart, niceMax, ScoreRing, StatCard } from "./charts.tsx";
import { DataTable } from "./data-table.tsx";

afterEach(() => cleanup());

describe("#BarChart", () => {
  it("is one named image, lists each value in a table, and draws the tallest bar to the axis's round top", () => {
    const { container } = render(
      <BarChart
        label="Tickets por dia"
        valueLabel="Tickets"
        data={[
          { label: "01/03", value: 2 },
          { label: "02/03", value: 0 },
          { label: "03/03", value: 8 },
        ]}
      />,
    );
    expect(screen.getByRole("img", { name: "Tickets por dia" })).toBeTruthy();
    const table = screen.getByRole("table", { name: "Tickets por dia" });
    const rows = within(table).getAllByRole("row");
    expect(rows.map((r) => r.textContent)).toEqual(["01/03Tickets: 2", "02/03Tickets: 0", "03/03Tickets: 8"]);
    const bars = [...container.querySelectorAll("rect.bar-chart-bar")].map((r) => Number(r.getAttribute("height")));
    // 8 -> axis top 10: the plot is 220 - 18 - 34 = 168 px tall.
    expect(bars).toEqual([2 * 16.8, 0, 8 * 16.8]);
  });

  it("rounds the axis up to 1, 2, 2.5 or 5 times a power of ten", () => {
    expect([0, 1, 3, 8, 11, 24, 260, 999].map(niceMax)).toEqual([1, 1, 5, 10, 20, 25, 500, 1000]);
  });
});

describe("#ScoreRing and #StatCard", () => {
  it("a score ring is a meter with its name, range, value and text", () => {
    render(<ScoreRing label="NPS" value={-25} min={-100} max={100} valueText="-25" />);
    const meter = screen.getByRole("meter", { name: "NPS" });
    expect(meter.getAttribute("aria-valuenow")).toBe("-25");
    expect(meter.getAttribute("aria-valuemin")).toBe("-100");
    expect(meter.getAttribute("aria-valuetext")).toBe("-25");
  });

  it("a score with no value is an image that says so (a meter must have a value)", () => {
    render(<ScoreRing label="NPS" value={null} valueText="—" />);
    expect(screen.queryByRole("meter")).toBeNull();
    expect(screen.getByRole("img", { name: "NPS: —" })).toBeTruthy();
  });

  it("a stat card is a named region with its value and detail", () => {
    render(<StatCard label="Mensagens recebidas" value={5} detail="2 hoje" />);
    expect(screen.getByRole("region", { name: "Mensagens recebidas" }).textContent).toBe("Mensagens recebidas52 hoje");
  });
});

describe("#DataTable", () => {
  const columns = [
    { id: "name", header: "Nome", cell: (r: { id: number; name: string; n: number }) => r.name },
    { id: "n", header: "Tickets", cell: (r: { id: number; name: string; n: number }) => r.n, numeric: true },
  ];

  it("is a captioned table with column headers and one row per record, in a focusable scroll region", () => {
    render(
      <DataTable
        caption="Atendentes"
        columns={columns}
        rows={[
          { id: 1, name: "Ana", n: 4 },
          { id: 2, name: "Bruno", n: 3 },
        ]}
        rowKey={(r) => r.id}
        empty="Nenhum"
      />,
    );
    const table = screen.getByRole("table", { name: "Atendentes" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Nome", "Tickets"]);
    expect(
      within(table)
        .getAllByRole("row")
        .map((r) => r.textContent),
    ).toEqual(["NomeTickets", "Ana4", "Bruno3"]);
    expect(screen.getByRole("region", { name: "Atendentes" }).tabIndex).toBe(0);
    // On a phone each cell shows its column's name before its value (kit.css reads data-label).
    expect(
      within(table)
        .getAllByRole("cell")
        .map((c) => c.dataset.label),
    ).toEqual(["Nome", "Tickets", "Nome", "Tickets"]);
  });

  it("tints the rows its tone names and asks for more when its end comes into view", () => {
    const observed: IntersectionObserverCallback[] = [];
    vi.stubGlobal(
      "IntersectionObserver",
      class {
        constructor(cb: IntersectionObserverCallback) {
          observed.push(cb);
        }
        observe() {}
        disconnect() {}
      },
    );
    const onEndReached = vi.fn();
    render(
      <DataTable
        caption="Empresas"
        columns={columns}
        rows={[
          { id: 1, name: "Ana", n: 0 },
          { id: 2, name: "Bruno", n: 3 },
        ]}
        rowKey={(r) => r.id}
        rowTone={(r) => (r.n === 0 ? "danger" : null)}
        empty="Nenhum"
        hasMore
        onEndReached={onEndReached}
      />,
    );
    const [, ana, bruno] = screen.getAllByRole("row");
    expect(ana?.getAttribute("data-tone")).toBe("danger");
    expect(ana?.className).toBe("data-table-row-danger");
    expect(bruno?.getAttribute("data-tone")).toBeNull();
    observed.at(-1)?.([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
    expect(onEndReached).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
  });

  it("says it is empty in one row", () => {
    render(<DataTable caption="Atendentes" columns={columns} rows={[]} rowKey={(r) => r.id} empty="Nenhum" />);
    expect(screen.getAllByRole("row").map((r) => r.textContent)).toEqual(["NomeTickets", "Nenhum"]);
  });
});
