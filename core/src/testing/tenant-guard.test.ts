import { describe, expect, it } from "vitest";
import { findUnscopedTables } from "./tenant-guard.ts";

const TENANT = new Set(["tickets", "contacts", "messages", "change_log", "tags"]);
const check = (sql: string) => findUnscopedTables(sql, TENANT);

describe("tenant guard", () => {
  it("fails a select, update or delete on a tenant table without company_id", () => {
    expect(check("SELECT * FROM tickets WHERE id = $1")).toEqual(["tickets without a company_id condition"]);
    expect(check("UPDATE tickets SET status = 'open' WHERE id = $1")).toHaveLength(1);
    expect(check("DELETE FROM messages WHERE ticket_id = $1")).toHaveLength(1);
  });

  it("passes the same statements once they name the company", () => {
    expect(check("SELECT * FROM tickets WHERE company_id = $1 AND id = $2")).toEqual([]);
    expect(check("UPDATE tickets SET status = 'open' WHERE id = $1 AND company_id = $2")).toEqual([]);
    expect(check("DELETE FROM messages WHERE company_id = ANY($1::int[])")).toEqual([]);
  });

  it("reads aliases: each joined tenant table needs its own condition", () => {
    const joined = "SELECT t.id FROM tickets t JOIN contacts c ON c.id = t.contact_id WHERE t.company_id = $1";
    expect(check(joined)).toEqual(["contacts c without a company_id condition"]);
    expect(check(`${joined} AND c.company_id = t.company_id`)).toEqual([]);
    expect(check("SELECT 1 FROM tickets AS x WHERE x.company_id = $1")).toEqual([]);
  });

  it("does not take company_id in the select list or of another alias as a condition", () => {
    expect(check("SELECT t.company_id FROM tickets t WHERE t.id = $1")).toHaveLength(1);
    expect(check("SELECT 1 FROM tickets t, contacts c WHERE c.company_id = $1 AND t.id = c.id")).toEqual([
      "tickets t without a company_id condition",
    ]);
  });

  it("scopes an unqualified company_id to the table's own subquery", () => {
    const sql =
      "SELECT (SELECT count(*) FROM messages WHERE ticket_id = t.id) FROM tickets t WHERE company_id = $1 AND id = $2";
    expect(check(sql)).toEqual(["messages without a company_id condition"]);
    expect(check("WITH u AS (UPDATE tickets SET x = 1 WHERE company_id = $1 RETURNING id) SELECT * FROM u")).toEqual(
      [],
    );
  });

  it("fails an insert whose column list lacks company_id", () => {
    expect(check("INSERT INTO tickets (contact_id, status) VALUES ($1, $2)")).toEqual([
      "INSERT INTO tickets without company_id",
    ]);
    expect(check("INSERT INTO tickets (company_id, contact_id) VALUES ($1, $2) ON CONFLICT DO NOTHING")).toEqual([]);
    expect(
      check("INSERT INTO change_log (company_id, entity) SELECT company_id, 'x' FROM tickets WHERE company_id = $1"),
    ).toEqual([]);
  });

  it("ignores non-tenant tables, functions, FOR UPDATE, ON CONFLICT DO UPDATE and strings", () => {
    expect(check("SELECT * FROM plans WHERE id = $1")).toEqual([]);
    expect(check("SELECT * FROM unnest($1::int[]) AS tickets(id)")).toEqual([]);
    expect(check("SELECT extract(epoch FROM now()), 'FROM tickets' AS s")).toEqual([]);
    expect(check("SELECT id FROM tickets WHERE company_id = $1 FOR UPDATE SKIP LOCKED")).toEqual([]);
    expect(
      check(
        "INSERT INTO tags (company_id, name) VALUES ($1, $2) ON CONFLICT (company_id, name) DO UPDATE SET name = $2",
      ),
    ).toEqual([]);
  });

  it("lets a statement marked all-companies through, and only with a reason", () => {
    expect(check("DELETE FROM change_log /* all-companies: pruning */ WHERE seq < $1")).toEqual([]);
    expect(check("DELETE FROM change_log /* all-companies: */ WHERE seq < $1")).toHaveLength(1);
  });

  it("ignores statements that are not queries on rows (DDL, LISTEN, SET)", () => {
    expect(check("CREATE INDEX ON tickets (status)")).toEqual([]);
    expect(check("LISTEN chatflow")).toEqual([]);
  });
});
