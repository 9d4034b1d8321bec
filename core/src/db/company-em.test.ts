// The request-time EntityManager (decision 0028): scoped to one company in one place, and running on the caller's
// pg client, inside the caller's transaction.
import { raw } from "@mikro-orm/postgresql";
import { describe, expect, it } from "vitest";
import { onPooledClient, transaction } from "../kernel/transaction.ts";
import { buildTag } from "../testing/contacts-factories.ts";
import { buildCompany } from "../testing/factories.ts";
import { forFile, testDbForFile } from "../testing/test-world.ts";
import { companyEm } from "./company-em.ts";
import { Tag } from "./entities/index.ts";

const db = testDbForFile();
const companies = forFile(async () => ({
  mine: (await buildCompany(db.pool)).id,
  theirs: (await buildCompany(db.pool)).id,
}));

const tagsOf = async (companyId: number) =>
  (
    await db.pool.query<{ name: string }>("SELECT name FROM tags WHERE company_id = $1 ORDER BY name", [companyId])
  ).rows.map((r) => r.name);

describe("companyEm", () => {
  it("reads, counts, updates and deletes the company's rows only", async () => {
    const own = await buildTag(db.pool, { companyId: companies.mine, name: "Minha" });
    const foreign = await buildTag(db.pool, { companyId: companies.theirs, name: "Deles" });
    await transaction(db.pool, async (client) => {
      const em = companyEm(client, companies.mine);
      expect((await em.find(Tag, {})).map((t) => t.name)).toEqual(["Minha"]);
      expect(await em.findOne(Tag, { id: foreign.id })).toBeNull();
      expect(await em.count(Tag, { id: [own.id, foreign.id] })).toBe(1);
      expect(await em.nativeUpdate(Tag, { id: foreign.id }, { name: "Tomada" })).toBe(0);
      expect(await em.nativeDelete(Tag, { id: foreign.id })).toBe(0);
      expect(await em.nativeUpdate(Tag, { id: own.id }, { name: "Minha 2", updatedAt: raw("now()") })).toBe(1);
    });
    expect(await tagsOf(companies.theirs)).toEqual(["Deles"]);
    expect(await tagsOf(companies.mine)).toEqual(["Minha 2"]);
  });

  it("gives a new row the company, and refuses one of another company", async () => {
    await transaction(db.pool, async (client) => {
      const em = companyEm(client, companies.mine);
      // @ts-expect-error companyId left out on purpose: the unit's company fills it in
      em.create(Tag, { name: "Sem empresa" });
      await em.flush();
    });
    expect(await tagsOf(companies.mine)).toContain("Sem empresa");
    await expect(
      transaction(db.pool, async (client) => {
        const em = companyEm(client, companies.mine);
        em.create(Tag, { companyId: companies.theirs, name: "Intrusa" });
        await em.flush();
      }),
    ).rejects.toThrow(`a new row of company ${companies.theirs} in company ${companies.mine}'s unit`);
    expect(await tagsOf(companies.theirs)).not.toContain("Intrusa");
  });

  it("refuses updates and deletes through a flush, whose SQL would name only the id", async () => {
    const tag = await buildTag(db.pool, { companyId: companies.mine, name: "Fixa" });
    await expect(
      transaction(db.pool, async (client) => {
        const em = companyEm(client, companies.mine);
        const found = await em.findOneOrFail(Tag, { id: tag.id });
        found.name = "Mudada";
        await em.flush();
      }),
    ).rejects.toThrow("use em.nativeUpdate");
    await expect(
      transaction(db.pool, async (client) => {
        const em = companyEm(client, companies.mine);
        em.remove(await em.findOneOrFail(Tag, { id: tag.id }));
        await em.flush();
      }),
    ).rejects.toThrow("use em.nativeDelete");
    expect(await tagsOf(companies.mine)).toContain("Fixa");
  });

  it("writes inside the caller's transaction: its own SQL sees the row, and a rollback takes it away", async () => {
    await expect(
      transaction(db.pool, async (client) => {
        const em = companyEm(client, companies.mine);
        const tag = em.create(Tag, { companyId: companies.mine, name: "Provisória" });
        await em.flush();
        const seen = await client.query("SELECT name FROM tags WHERE id = $1 AND company_id = $2", [
          tag.id,
          companies.mine,
        ]);
        expect(seen.rows).toEqual([{ name: "Provisória" }]);
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(await tagsOf(companies.mine)).not.toContain("Provisória");
  });

  it("runs nothing on connections of its own", async () => {
    await onPooledClient(db.pool, async (client) => {
      const em = companyEm(client, companies.mine);
      // Without the caller's client as context, a statement would need the ORM's own pool: there is none.
      await expect(em.getConnection().execute("select 1")).rejects.toThrow("runs only on a caller's client");
    });
  });
});
