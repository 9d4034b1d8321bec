import { beforeAll, describe, expect, it } from "vitest";
import { buildCompany } from "../testing/factories.ts";
import { useTestCore } from "../testing/use-test-core.ts";
import { signedIn } from "../testing/users-factories.ts";

const core = useTestCore();
let companyId: number;
let token: string;
let otherToken: string;

/** A row of the projection the sync server keeps of the company's quick-messages document. */
const project = (company: number, item: string, shortcode: string, message: string, userId: number | null = null) =>
  core.db.pool.query(
    "INSERT INTO quick_messages (company_id, item_id, shortcode, message, user_id) VALUES ($1, $2, $3, $4, $5)",
    [company, item, shortcode, message, userId],
  );

beforeAll(async () => {
  companyId = (await buildCompany(core.db.pool)).id;
  const agent = await signedIn(core, { companyId, profile: "user" });
  token = agent.token;
  const other = await buildCompany(core.db.pool);
  otherToken = (await signedIn(core, { companyId: other.id })).token;
  await project(companyId, "b", "Preço", "Nosso preço é R$ 10.", agent.id);
  await project(companyId, "a", "boa-tarde", "Boa tarde! Como posso ajudar?");
  await project(other.id, "x", "segredo", "Só da outra empresa");
});

describe("#quick-messages.list", () => {
  it("lists the company's quick messages by shortcode, for any signed-in user", async () => {
    const res = await core.api("GET", `/quick-messages/list?companyId=${companyId}&userId=1`, { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { id: "a", shortcode: "boa-tarde", message: "Boa tarde! Como posso ajudar?", mediaPath: null, userId: null },
      { id: "b", shortcode: "Preço", message: "Nosso preço é R$ 10.", mediaPath: null, userId: expect.any(Number) },
    ]);
  });

  it("never lists another company's, whatever companyId says", async () => {
    const res = await core.api("GET", `/quick-messages/list?companyId=${companyId}`, { token: otherToken });
    expect(res.body.map((m: { shortcode: string }) => m.shortcode)).toEqual(["segredo"]);
  });

  it("needs a session", async () => {
    expect((await core.api("GET", "/quick-messages/list")).status).toBe(401);
  });
});
