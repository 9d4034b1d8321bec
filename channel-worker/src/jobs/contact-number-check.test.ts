// An agent's check of one number on WhatsApp (spec 1 §7 POST /contactsImport validateContact, §8 ERR_WAPP_CHECK_CONTACT
// and ERR_WAPP_INVALID_CONTACT; decision 0122), end to end through a worker: core writes the request, the worker
// holding the WhatsApp-by-QR connection asks WhatsApp (Baileys' onWhatsApp on the stand-in, answered in WhatsApp's
// USync format through Baileys' own coder) and answers it; with no worker to answer, core says it could not check.
import { checkContactNumber } from "@chatflow/core/contacts/contact-number-check.ts";
import { buildCompany, buildWhatsapp } from "@chatflow/core/testing/factories.ts";
import { testDbForFile } from "@chatflow/core/testing/test-world.ts";
import { describe, expect, it } from "vitest";
import { postgresAuthState } from "../adapters/baileys-auth.ts";
import { standInSockets } from "../testing/baileys-stand-in.ts";
import { openStandInConnection } from "../testing/open-stand-in.ts";
import { TEST_WORKER, workerPerTest } from "../testing/outbound-fixtures.ts";

const db = testDbForFile();
const worker = workerPerTest();

async function qrConnection(status = "DISCONNECTED") {
  const company = await buildCompany(db.pool);
  const wa = await buildWhatsapp(db.pool, { companyId: company.id, channel: "whatsapp", status });
  return { companyId: company.id, whatsappId: wa.id };
}

const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => "answered",
    (err: { code?: string }) => err.code,
  );

describe("#contacts.number-check", () => {
  it("asks WhatsApp through the connection's worker: on it, or ERR_WAPP_INVALID_CONTACT", async () => {
    const c = await qrConnection();
    const auth = await postgresAuthState(db.pool, c);
    auth.state.creds.registered = true;
    await auth.saveCreds();
    const sockets = standInSockets();
    await worker.start({
      databaseUrl: db.url,
      ...TEST_WORKER,
      baileysSocket: sockets.factory,
      baileysNumberCheck: { batch: 25, intervalMs: 60_000, afterErrorMs: 60_000, requestsMs: 50 },
    });
    const socket = await openStandInConnection(db.pool, sockets, c);
    socket.onWhatsappNumbers.set("5511900000001", "5511900000001");

    expect(await checkContactNumber(db.pool, c.companyId, "5511900000001")).toBe("on-whatsapp");
    expect(await codeOf(checkContactNumber(db.pool, c.companyId, "5511900000002"))).toBe("ERR_WAPP_INVALID_CONTACT");
    expect(socket.numberQueries).toEqual([["5511900000001"], ["5511900000002"]]);
    // Each request is gone once answered.
    const { rows } = await db.pool.query("SELECT count(*)::int AS n FROM contact_number_checks WHERE company_id = $1", [
      c.companyId,
    ]);
    expect(rows[0].n).toBe(0);
  });

  it("says the number could not be checked when no worker answers in time (ERR_WAPP_CHECK_CONTACT)", async () => {
    const c = await qrConnection("CONNECTED");
    const started = Date.now();
    expect(await codeOf(checkContactNumber(db.pool, c.companyId, "5511900000003", { waitMs: 400 }))).toBe(
      "ERR_WAPP_CHECK_CONTACT",
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
  });

  it("asks nothing for a company without a connected WhatsApp-by-QR connection (no channel can answer)", async () => {
    const c = await qrConnection("DISCONNECTED");
    expect(await checkContactNumber(db.pool, c.companyId, "5511900000004", { waitMs: 400 })).toBe("not-asked");
    const { rows } = await db.pool.query("SELECT count(*)::int AS n FROM contact_number_checks WHERE company_id = $1", [
      c.companyId,
    ]);
    expect(rows[0].n).toBe(0);
  });
});
