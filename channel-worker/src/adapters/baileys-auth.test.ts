// The Baileys auth state in PostgreSQL (decision 0049): creds and every Signal key type come back as Baileys
// wrote them (Buffers included), per connection; a keys.set batch is all or nothing.
import { buildCompany, buildWhatsapp } from "@chatflow/core/testing/factories.ts";
import { testDbForFile } from "@chatflow/core/testing/test-world.ts";
import { proto, type SignalDataSet } from "@whiskeysockets/baileys";
import { describe, expect, it } from "vitest";
import { postgresAuthState, writeKeys } from "./baileys-auth.ts";

const db = testDbForFile();

async function connection() {
  const company = await buildCompany(db.pool);
  const wa = await buildWhatsapp(db.pool, { companyId: company.id, channel: "whatsapp", status: "DISCONNECTED" });
  return { companyId: company.id, whatsappId: wa.id };
}

const bytes = (n: number) => Buffer.from(Array.from({ length: 32 }, (_, i) => (i * n) % 256));

describe("#baileys.auth-state", () => {
  it("gives back the creds and every key type Baileys stores, Buffers as Buffers, per connection", async () => {
    const owner = await connection();
    const other = await connection();
    const first = await postgresAuthState(db.pool, owner);
    expect(first.hadCreds).toBe(false);
    first.state.creds.registered = true;
    first.state.creds.me = { id: "5511999990000:3@s.whatsapp.net", lid: "123456@lid" };
    await first.saveCreds();
    const batch: SignalDataSet = {
      "pre-key": { "1": { private: bytes(3), public: bytes(5) } },
      session: { "5511999990000.0": bytes(7) },
      "sender-key": { "group@g.us::5511.0": bytes(11) },
      "sender-key-memory": { "group@g.us": { "5511@s.whatsapp.net": true } },
      "app-state-sync-key": { AAAA: proto.Message.AppStateSyncKeyData.fromObject({ keyData: bytes(13) }) },
      "app-state-sync-version": { regular: { version: 3, hash: bytes(17), indexValueMap: {} } },
      "lid-mapping": { "5511999990000": "123456", "123456_reverse": "5511999990000" },
      "device-list": { "5511999990000": ["0", "3"] },
      tctoken: { "5511999990000@s.whatsapp.net": { token: bytes(19), timestamp: "1700000000" } },
      "identity-key": { "5511999990000.0": bytes(23) },
    };
    await first.state.keys.set(batch);

    const again = await postgresAuthState(db.pool, owner);
    expect(again.hadCreds).toBe(true);
    expect(again.state.creds.registered).toBe(true);
    expect(again.state.creds.me?.lid).toBe("123456@lid");
    expect(Buffer.isBuffer(again.state.creds.noiseKey.private)).toBe(true);
    expect(Buffer.compare(again.state.creds.noiseKey.private, first.state.creds.noiseKey.private)).toBe(0);
    for (const [type, values] of Object.entries(batch) as [keyof SignalDataSet, Record<string, unknown>][]) {
      const got = await again.state.keys.get(type, Object.keys(values));
      expect(Object.keys(got).sort(), type).toEqual(Object.keys(values).sort());
      expect(JSON.parse(JSON.stringify(got)), type).toEqual(JSON.parse(JSON.stringify(values)));
    }
    const syncKey = (await again.state.keys.get("app-state-sync-key", ["AAAA"])).AAAA!;
    expect(syncKey).toBeInstanceOf(proto.Message.AppStateSyncKeyData);
    expect(Buffer.isBuffer((await again.state.keys.get("session", ["5511999990000.0"]))["5511999990000.0"])).toBe(true);
    // Another connection sees nothing of it.
    const stranger = await postgresAuthState(db.pool, other);
    expect(stranger.hadCreds).toBe(false);
    expect(await stranger.state.keys.get("session", ["5511999990000.0"])).toEqual({});

    // null deletes a key; clear forgets everything.
    await again.state.keys.set({ session: { "5511999990000.0": null } });
    expect(await again.state.keys.get("session", ["5511999990000.0"])).toEqual({});
    await again.clear();
    expect((await postgresAuthState(db.pool, owner)).hadCreds).toBe(false);
  });

  it("writes a key batch in one transaction: a batch that fails part-way leaves nothing of it", async () => {
    const owner = await connection();
    const state = await postgresAuthState(db.pool, owner);
    await state.state.keys.set({ session: { kept: bytes(2) } });
    // PostgreSQL refuses a NUL in text: the batch's deletes fail after its writes went through.
    const doomed: SignalDataSet = {
      session: { kept: null, fresh: bytes(3) },
      "pre-key": { "bad\u0000id": null },
    };
    await expect(writeKeys(db.pool, owner, doomed)).rejects.toThrow();
    const after = await state.state.keys.get("session", ["kept", "fresh"]);
    expect(Object.keys(after)).toEqual(["kept"]);
  });
});
