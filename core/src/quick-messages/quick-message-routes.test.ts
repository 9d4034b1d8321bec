import { describe, expect, it } from "vitest";
import { buildCompany } from "../testing/factories.ts";
import { coreForFile, forFile } from "../testing/test-world.ts";
import { signedIn } from "../testing/users-factories.ts";

const core = coreForFile();
/** A row of the projection the sync server keeps of a quick-messages document. */
const project = (
  company: number,
  item: string,
  shortcode: string,
  message: string,
  o: { userId?: number | null; personalOf?: number } = {},
) =>
  core.db.pool.query(
    `INSERT INTO quick_messages (company_id, document, geral, item_id, shortcode, message, user_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      company,
      o.personalOf ? `user-${o.personalOf}` : "general",
      !o.personalOf,
      item,
      shortcode,
      message,
      o.personalOf ?? o.userId ?? null,
    ],
  );

const w = forFile(async () => {
  const companyId = (await buildCompany(core.db.pool)).id;
  const agent = await signedIn(core, { companyId, profile: "user" });
  const colleague = await signedIn(core, { companyId, profile: "user" });
  const other = await buildCompany(core.db.pool);
  const otherToken = (await signedIn(core, { companyId: other.id })).token;
  await project(companyId, "b", "Preço", "Nosso preço é R$ 10.", { userId: agent.id });
  await project(companyId, "a", "boa-tarde", "Boa tarde! Como posso ajudar?");
  await project(companyId, "mine", "meu-pix", "Minha chave", { personalOf: agent.id });
  // The same item id in another document is another quick message.
  await project(companyId, "a", "colega", "Só do colega", { personalOf: colleague.id });
  await project(other.id, "x", "segredo", "Só da outra empresa");
  return { companyId, agentId: agent.id, token: agent.token, colleagueToken: colleague.token, otherToken };
});

describe("#quick-messages.list", () => {
  it("lists the general quick messages and the caller's personal ones by shortcode", async () => {
    const res = await core.api("GET", `/quick-messages/list?companyId=${w.companyId}&userId=${w.agentId}`, {
      token: w.token,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        id: "a",
        shortcode: "boa-tarde",
        message: "Boa tarde! Como posso ajudar?",
        mediaPath: null,
        mediaName: null,
        userId: null,
        geral: true,
      },
      {
        id: "mine",
        shortcode: "meu-pix",
        message: "Minha chave",
        mediaPath: null,
        mediaName: null,
        userId: w.agentId,
        geral: false,
      },
      {
        id: "b",
        shortcode: "Preço",
        message: "Nosso preço é R$ 10.",
        mediaPath: null,
        mediaName: null,
        userId: w.agentId,
        geral: true,
      },
    ]);
  });

  it("never lists another user's personal quick messages, whatever userId says", async () => {
    const res = await core.api("GET", `/quick-messages/list?companyId=${w.companyId}&userId=${w.agentId}`, {
      token: w.colleagueToken,
    });
    expect(res.body.map((m: { shortcode: string }) => m.shortcode)).toEqual(["boa-tarde", "colega", "Preço"]);
  });

  it("never lists another company's, whatever companyId says", async () => {
    const res = await core.api("GET", `/quick-messages/list?companyId=${w.companyId}`, { token: w.otherToken });
    expect(res.body.map((m: { shortcode: string }) => m.shortcode)).toEqual(["segredo"]);
  });

  it("needs a session", async () => {
    expect((await core.api("GET", "/quick-messages/list")).status).toBe(401);
  });
});

describe("#quick-messages writes without a sync server", () => {
  it("answers ERR_SYNC_UNAVAILABLE and writes nothing: the documents are the only authority (decision 0048)", async () => {
    const before = await core.db.pool.query("SELECT count(*)::int AS n FROM quick_messages");
    const res = await core.api("POST", "/quick-messages", { token: w.token, body: { shortcode: "novo" } });
    expect([res.status, res.body.error]).toEqual([503, "ERR_SYNC_UNAVAILABLE"]);
    const after = await core.db.pool.query("SELECT count(*)::int AS n FROM quick_messages");
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });
});
