// Backup and restore as README "Operations" tells an operator to do it (issue 23): a PostgreSQL dump
// (pg_dump -Fc) and a copy of the media, restored into a fresh database and a fresh DATA_DIR. A core started on
// them opens the conversation with its image, and the sessions of before still work.
import { execFile } from "node:child_process";
import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { buildInbox } from "../testing/messages-factories.ts";
import { startTestCore } from "../testing/test-core.ts";
import { createEmptyDatabase } from "../testing/test-db.ts";
import { coreForFile, forFile } from "../testing/test-world.ts";

const run = promisify(execFile);
const core = coreForFile();
const s = forFile(() => buildInbox(core));
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 7, 7, 7]);

describe("#operations.backup-restore", () => {
  it("restores a dump and the media into a fresh database and DATA_DIR: the conversation opens with its image", {
    timeout: 120_000,
  }, async () => {
    const form = new FormData();
    form.append("medias", new Blob([PNG], { type: "image/png" }), "comprovante.png");
    form.append("body", "segue o comprovante");
    form.append("fromMe", "true");
    const sent = await fetch(`${core.url}/messages/${s.ticket.id}`, {
      method: "POST",
      headers: { authorization: `Bearer ${s.adminToken}` },
      body: form,
    });
    expect(sent.status).toBe(200);
    const photo = (await sent.json()).messages[0] as { id: string; mediaUrl: string };

    // The backup: the database in PostgreSQL's custom format, and the media folder.
    const work = await mkdtemp(path.join(tmpdir(), "chatflow-backup-"));
    const dump = path.join(work, "chatflow.dump");
    await run("pg_dump", ["--format=custom", "--no-owner", `--file=${dump}`, core.config.databaseUrl as string]);
    const restoredDir = path.join(work, "data");
    await cp(path.join(core.config.dataDir, "media"), path.join(restoredDir, "media"), { recursive: true });

    // The restore: an empty database, pg_restore, the media folder in a new DATA_DIR, a core started on them.
    const fresh = await createEmptyDatabase();
    try {
      await run("pg_restore", ["--no-owner", "--exit-on-error", `--dbname=${fresh.url}`, dump]);
      const restored = await startTestCore({ databaseUrl: fresh.url, dataDir: restoredDir });
      try {
        const auth = { headers: { authorization: `Bearer ${s.adminToken}` } };
        const messages = await fetch(`${restored.url}/messages/${s.ticket.id}`, auth);
        expect(messages.status).toBe(200);
        const shown = ((await messages.json()).messages as { id: string; mediaUrl?: string; body: string }[]).find(
          (m) => m.id === photo.id,
        );
        expect(shown).toMatchObject({ mediaUrl: photo.mediaUrl, body: "segue o comprovante" });
        const image = await fetch(`${restored.url}${photo.mediaUrl}`, auth);
        expect(image.status).toBe(200);
        expect(image.headers.get("content-type")).toBe("image/png");
        expect(new Uint8Array(await image.arrayBuffer())).toEqual(PNG);
      } finally {
        await restored.close();
      }
    } finally {
      await fresh.drop();
      await rm(work, { recursive: true, force: true });
    }
  });
});
