// A sync server given no JWT_SECRET checks tokens with the installation's secret, the one core stored in the
// database at its first start (decision 0095): every core and sync server of an installation agree on it.
import { quickMessagesDocumentName } from "@chatflow/core/contract/documents/quick-messages.ts";
import { JWT_SECRET_NAME, sharedSecret } from "@chatflow/core/kernel/shared-secrets.ts";
import { buildCompany } from "@chatflow/core/testing/factories.ts";
import { describe, expect, it } from "vitest";
import { signedInUser, syncForFile, TEST_SECRET, within } from "./testing/sync-fixtures.ts";

const sync = syncForFile();

describe("#sync.installation-secret", () => {
  it("takes tokens signed with the secret core stored, and refuses others", async () => {
    const companyId = (await buildCompany(sync.db.pool)).id;
    const admin = await signedInUser(sync.db.pool, { companyId, profile: "admin" });
    // As core does at its start: the fixtures sign with TEST_SECRET, so that is the installation's.
    expect(await sharedSecret(sync.db.pool, JWT_SECRET_NAME, TEST_SECRET)).toBe(TEST_SECRET);
    const server = await sync.startServer({ jwtSecret: undefined });
    const name = quickMessagesDocumentName(companyId);
    const client = sync.open(name, admin.token, server);
    expect(await within(client.authenticated, "authentication with the stored secret")).toBeTruthy();
    const forged = sync.open(name, `${admin.token.slice(0, -4)}AAAA`, server);
    expect(await within(forged.refused, "a forged token refused")).toBeTruthy();
  });
});
