// A connection's greeting media goes out (issue 26, decision 0107): a Cloud API connection with a greeting, two
// queues and a greeting image; a contact writes; the worker uploads the image and sends it, then the greeting and
// the menu, in that order, each once.

import { contactWrites } from "@chatflow/core/testing/bot-factories.ts";
import { buildQueue, buildUser } from "@chatflow/core/testing/factories.ts";
import { coreForFile } from "@chatflow/core/testing/test-world.ts";
import { describe, expect, it } from "vitest";
import { fakeGraphApiForFile } from "../testing/fake-graph-api.ts";
import { TEST_PNG as PNG, setupCloudConnection, waitFor, workerPerTest } from "../testing/outbound-fixtures.ts";

const core = coreForFile();
const fake = fakeGraphApiForFile();
const worker = workerPerTest();

describe("#greeting media on the Cloud API", () => {
  it("sends the connection's greeting image, then its greeting and menu", async () => {
    const pool = core.db.pool;
    const c = await setupCloudConnection(pool);
    await pool.query("UPDATE whatsapps SET greeting_message = 'Bem-vindo! Escolha:' WHERE id = $1", [c.whatsappId]);
    for (const name of ["Vendas", "Suporte"]) {
      const q = await buildQueue(pool, { companyId: c.companyId, name });
      await pool.query("INSERT INTO whatsapp_queues (whatsapp_id, queue_id, company_id) VALUES ($1, $2, $3)", [
        c.whatsappId,
        q.id,
        c.companyId,
      ]);
    }
    const admin = await buildUser(pool, { companyId: c.companyId, profile: "admin" });
    const { token } = await core.login(admin.email, admin.password);
    const form = new FormData();
    form.append("file", new Blob([PNG], { type: "image/png" }), "boas-vindas.png");
    const up = await fetch(`${core.url}/whatsapp/${c.whatsappId}/media-upload`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(up.status).toBe(200);

    await contactWrites(pool, { companyId: c.companyId, whatsappId: c.whatsappId, from: "5511988887777", body: "oi" });
    await worker.start({ databaseUrl: core.databaseUrl, graphApiUrl: fake.url, dataDir: core.config.dataDir });
    await waitFor(() => (fake.requests.length >= 2 ? true : null), "the image and the greeting sent");
    expect(fake.uploads.map((u) => [u.type, u.fileName, Buffer.from(u.bytes).equals(Buffer.from(PNG))])).toEqual([
      ["image/png", "boas-vindas.png", true],
    ]);
    const bodies = fake.requests.map((r) => r.body as { type: string; image?: unknown; text?: { body: string } });
    expect(bodies.map((b) => b.type)).toEqual(["image", "text"]);
    expect(bodies[0]!.image).toEqual({ id: fake.uploads[0]!.id });
    expect(bodies[1]!.text!.body).toMatch(/^Bem-vindo! Escolha:\n\n/);
  });
});
