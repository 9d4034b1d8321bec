// A token signed with the real secret but without `exp` (or with another algorithm)
// would never expire: REST, the realtime socket and co-editing through core's
// /collab all refuse it, while core's own token passes all three (decision 0020).

import { quickMessagesDocumentName } from "@chatflow/core/contract/documents/quick-messages.ts";
import { coreForFile, forFile } from "@chatflow/core/testing/test-world.ts";
import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import WebSocket from "ws";
import { freePort } from "../../../test/free-port.ts";
import { startSyncServer } from "../server.ts";
import { openClient, type TestClient, within } from "../testing/sync-fixtures.ts";

const port = forFile(async () => ({ number: await freePort() }));
const core = coreForFile(() => ({ syncUrl: `http://127.0.0.1:${port.number}` }));
forFile(() => startSyncServer({ databaseUrl: core.databaseUrl, port: port.number, jwtSecret: core.config.jwtSecret }), {
  stop: (sync) => sync.stop(),
});
// The seeded super admin of company 1.
const admin = forFile(() => core.login("admin@chatflow.local", "chatflow"), { timeout: 30_000 });
const clients = forFile(async (): Promise<TestClient[]> => [], {
  stop: (opened) => {
    for (const c of opened) c.destroy();
  },
});

/** The claims of core's token, signed again as an attacker holding the secret would. */
function reSigned(o: { exp: boolean; alg: "HS256" | "HS512" }): Promise<string> {
  const claims = JSON.parse(Buffer.from(admin.token.split(".")[1]!, "base64url").toString());
  const jwt = new SignJWT({ cid: claims.cid, sid: claims.sid, prof: claims.prof, sup: claims.sup })
    .setProtectedHeader({ alg: o.alg })
    .setSubject(claims.sub)
    .setIssuedAt();
  if (o.exp) jwt.setExpirationTime("15m");
  return jwt.sign(new TextEncoder().encode(core.config.jwtSecret));
}

function restStatus(t: string): Promise<number> {
  return core.api("GET", "/auth/me", { token: t }).then((r) => r.status);
}

/** The HTTP status a /ws upgrade gets (101 when it opens). */
function realtimeStatus(t: string): Promise<number> {
  const ws = new WebSocket(`${core.url.replace("http", "ws")}/ws?token=${t}`);
  return new Promise((resolve) => {
    ws.once("open", () => {
      ws.close();
      resolve(101);
    });
    ws.once("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0));
  });
}

/** "read-write" when co-editing through core's /collab opens, else the refusal's reason. */
function collabOutcome(t: string): Promise<string> {
  const client = openClient(`${core.url.replace("http", "ws")}/collab`, quickMessagesDocumentName(1), t);
  clients.push(client);
  return within(Promise.race([client.authenticated, client.refused]), "the /collab answer");
}

describe("#auth a token without exp", () => {
  it("is refused by REST, /ws and /collab, where core's own token passes", async () => {
    expect(await restStatus(admin.token)).toBe(200);
    expect(await realtimeStatus(admin.token)).toBe(101);
    expect(await collabOutcome(admin.token)).toBe("read-write");

    const forever = await reSigned({ exp: false, alg: "HS256" });
    expect(await restStatus(forever)).toBe(403);
    expect(await realtimeStatus(forever)).toBe(403);
    expect(await collabOutcome(forever)).toBe("ERR_INVALID_TOKEN");
  });

  it("refuses another algorithm than HS256 signed with the same secret", async () => {
    const other = await reSigned({ exp: true, alg: "HS512" });
    expect(await restStatus(other)).toBe(403);
    expect(await realtimeStatus(other)).toBe(403);
    expect(await collabOutcome(other)).toBe("ERR_INVALID_TOKEN");
  });
});
