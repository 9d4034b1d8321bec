import { describe, expect, it } from "vitest";
import { auditDetail, auditQuery, emptyFilters, retentionDays } from "./audit-model.ts";

describe("#audit model", () => {
  it("asks GET /audit for the filters set, and the page", () => {
    expect(auditQuery(emptyFilters(), 1)).toBe("pageNumber=1");
    expect(
      auditQuery({ userId: 7, kind: "queue.update", dateFrom: "2026-12-01", dateTo: "2026-12-07", companyId: 3 }),
    ).toBe("userId=7&kind=queue.update&dateFrom=2026-12-01&dateTo=2026-12-07&companyId=3");
  });

  it("says what changed in a few words", () => {
    expect(auditDetail({ detail: { fields: ["name", "color"] } }, "campos")).toBe("campos: name, color");
    expect(auditDetail({ detail: { from: "disabled", to: "enabled" } }, "campos")).toBe("disabled → enabled");
    expect(auditDetail({ detail: { tickets: 2 } }, "campos")).toBe("tickets: 2");
    expect(auditDetail({ detail: {} }, "campos")).toBe("");
  });
});

describe("#audit retention field", () => {
  it("takes a whole number of days in range, or empty for the installation's", () => {
    expect(retentionDays("")).toBeNull();
    expect(retentionDays("90")).toBe(90);
    expect(retentionDays("29")).toBeUndefined();
    expect(retentionDays("3651")).toBeUndefined();
    expect(retentionDays("12.5")).toBeUndefined();
  });
});
