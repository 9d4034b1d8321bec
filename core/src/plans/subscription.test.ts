import { describe, expect, it } from "vitest";
import { addDays, businessToday } from "../kernel/business-date.ts";
import { buildCompany, buildUser } from "../testing/factories.ts";
import { setForTest } from "../testing/flags.ts";
import { coreForFile, forFile } from "../testing/test-world.ts";
import { signedIn } from "../testing/users-factories.ts";
import { isSubscriptionExpired } from "./subscription.ts";

describe("isSubscriptionExpired", () => {
  it("expires the day after the due date; company 1 and companies without a due date never", () => {
    expect(isSubscriptionExpired({ id: 5, dueDate: "2024-03-09" }, "2024-03-10")).toBe(true);
    expect(isSubscriptionExpired({ id: 5, dueDate: "2024-03-10" }, "2024-03-10")).toBe(false);
    expect(isSubscriptionExpired({ id: 1, dueDate: "2000-01-01" }, "2024-03-10")).toBe(false);
    expect(isSubscriptionExpired({ id: 5, dueDate: null }, "2024-03-10")).toBe(false);
  });

  it("counts days in America/Sao_Paulo", () => {
    // 02:00 UTC on 1 January is still 31 December in São Paulo (UTC-3).
    expect(businessToday(new Date("2024-01-01T02:00:00Z"))).toBe("2023-12-31");
    expect(businessToday(new Date("2024-01-01T03:00:00Z"))).toBe("2024-01-01");
    expect(addDays("2024-02-27", 7)).toBe("2024-03-05");
  });
});

describe("#subscription guard", () => {
  const core = coreForFile();
  const expired = forFile(() => buildCompany(core.db.pool, { dueDate: addDays(businessToday(), -1) }));

  it("still lets the expired company's user sign in, with the due date the PWA needs", async () => {
    const u = await buildUser(core.db.pool, { companyId: expired.id });
    const login = await core.api("POST", "/auth/login", { body: { email: u.email, password: u.password } });
    expect(login.status).toBe(200);
    expect(login.body.user.company.dueDate).toBe(addDays(businessToday(), -1));
    const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0]!;
    expect((await core.api("GET", "/auth/me", { token: login.body.token })).status).toBe(200);
    expect((await core.api("POST", "/auth/refresh_token", { cookie })).status).toBe(200);
  });

  it("answers 402 ERR_SUBSCRIPTION_EXPIRED to every other session call", async () => {
    const u = await signedIn(core, { companyId: expired.id });
    for (const url of ["/tickets", "/sync/pull", "/users/list", "/queue", "/whatsapp", "/companySettings/1"]) {
      const res = await core.api("GET", url, { token: u.token });
      expect(res.status, url).toBe(402);
      expect(res.body.error).toBe("ERR_SUBSCRIPTION_EXPIRED");
      expect(res.body.data.dueDate).toBe(addDays(businessToday(), -1));
    }
    const write = await core.api("POST", "/queue", { token: u.token, body: { name: "Late", color: "#abcdef" } });
    expect(write.status).toBe(402);
    expect((await core.db.pool.query("SELECT 1 FROM queues WHERE company_id = $1", [expired.id])).rowCount).toBe(0);
  });

  it("lets billing paths through", async () => {
    const u = await signedIn(core, { companyId: expired.id });
    // The invoices answer; GET /subscription and /financeiro are no API routes: the guard let them through to the
    // not-found handler.
    expect((await core.api("GET", "/invoices/all", { token: u.token })).status).toBe(200);
    for (const url of ["/subscription", "/financeiro"]) {
      const res = await core.api("GET", url, { token: u.token });
      expect(res.status, url).toBe(404);
    }
  });

  it("leaves a company due today, and the platform company, alone", async () => {
    const today = await buildCompany(core.db.pool, { dueDate: businessToday() });
    const u = await signedIn(core, { companyId: today.id });
    expect((await core.api("GET", "/queue", { token: u.token })).status).toBe(200);
    await setForTest(core.db.pool, "companies", 1, { due_date: "2000-01-01" });
    const platform = await signedIn(core, { companyId: 1 });
    expect((await core.api("GET", "/queue", { token: platform.token })).status).toBe(200);
  });

  it("asks no session for an unauthenticated call first: 401 comes before 402", async () => {
    const res = await core.api("GET", "/tickets");
    expect(res.status).toBe(401);
  });
});
