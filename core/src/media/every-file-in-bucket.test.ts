// Every kind of file core keeps goes to the bucket when MEDIA_STORE=s3 (decision 0094), not only message media:
// white-label logos, announcement images and profile pictures are stored in it and served from it (ranges too),
// a company's folder size is counted in it and its files removed with it, and core's own DATA_DIR stays empty.
// The same routes on the DATA_DIR folder are tested by whitelabel.test.ts, announcements.test.ts, users.test.ts and
// company-admin.test.ts.
import { readdir } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { buildCompany } from "../testing/factories.ts";
import { s3ForFile, storedMediaNames } from "../testing/test-s3.ts";
import { coreForFile, forFile } from "../testing/test-world.ts";
import { signedIn } from "../testing/users-factories.ts";
import { readStoredBytes } from "./file-store.ts";
import { mediaStore } from "./store-registry.ts";

const s3 = s3ForFile();
const core = coreForFile(async () => ({ mediaStore: await s3.bucket() }));
const w = forFile(async () => {
  const company = await buildCompany(core.db.pool, { name: "Loja no balde" });
  const admin = await signedIn(core, { companyId: company.id, profile: "admin" });
  const superToken = (await core.login("admin@chatflow.local", "chatflow")).token;
  return { companyId: company.id, admin, superToken };
});

// A 1x1 PNG.
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d4948445200000001000000010806000000" +
    "1f15c4890000000d49444154789c6300010000050001" +
    "0d0a2db40000000049454e44ae426082",
  "hex",
);

const bucket = () => mediaStore(core.config.dataDir);

function post(url: string, token: string, fields: Record<string, string>, file: { field: string; name: string }) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append(file.field, new Blob([new Uint8Array(PNG)], { type: "image/png" }), file.name);
  return fetch(`${core.url}${url}`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
}

async function servedRange(url: string, token?: string) {
  const res = await fetch(`${core.url}${url}`, {
    headers: { range: "bytes=0-7", ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  return { status: res.status, range: res.headers.get("content-range"), bytes: Buffer.from(await res.arrayBuffer()) };
}

describe("every file in the bucket", () => {
  it("keeps and serves a white-label logo from the bucket, before login", async () => {
    const res = await post(
      "/settings-whitelabel/logo",
      w.superToken,
      { typeArch: "logo", mode: "Light" },
      {
        field: "file",
        name: "logo.png",
      },
    );
    expect(res.status).toBe(200);
    const fileName = (await res.json()) as string;
    expect((await readStoredBytes(await bucket(), `branding/${fileName}`))!.equals(PNG)).toBe(true);
    expect(await servedRange(`/branding/${fileName}`)).toEqual({
      status: 206,
      range: `bytes 0-7/${PNG.length}`,
      bytes: PNG.subarray(0, 8),
    });
    expect((await fetch(`${core.url}/branding/00000000-0000-7000-8000-000000000000-x.png`)).status).toBe(404);

    // Replaced: the old object leaves the bucket once the new name is saved (decision 0118).
    const again = await post(
      "/settings-whitelabel/logo",
      w.superToken,
      { typeArch: "logo", mode: "Light" },
      {
        field: "file",
        name: "logo-2.png",
      },
    );
    const next = (await again.json()) as string;
    expect((await readStoredBytes(await bucket(), `branding/${next}`))!.equals(PNG)).toBe(true);
    expect(await readStoredBytes(await bucket(), `branding/${fileName}`)).toBeNull();
  });

  it("keeps and serves an announcement image from the bucket", async () => {
    const created = await core.api("POST", "/announcements", {
      token: w.superToken,
      body: { title: "Manutenção", text: "Domingo", priority: 1, status: true },
    });
    expect(created.status).toBe(201);
    const res = await post(
      `/announcements/${created.body.id}/media-upload`,
      w.superToken,
      { typeArch: "announcements" },
      {
        field: "file",
        name: "aviso.png",
      },
    );
    expect(res.status).toBe(200);
    const { mediaPath } = (await res.json()) as { mediaPath: string };
    expect((await readStoredBytes(await bucket(), `announcements/${mediaPath}`))!.equals(PNG)).toBe(true);
    expect((await servedRange(`/announcement-media/${mediaPath}`)).status).toBe(206);
  });

  it("keeps a profile picture in the company's media, counts the folder and removes it with the company", async () => {
    const res = await post(
      `/users/${w.admin.id}/media-upload`,
      w.admin.token,
      { typeArch: "user", userId: String(w.admin.id) },
      {
        field: "profileImage",
        name: "eu.png",
      },
    );
    expect(res.status).toBe(200);
    const { profileImage } = (await res.json()) as { profileImage: string };
    const served = await servedRange(profileImage, w.admin.token);
    expect(served).toMatchObject({ status: 206, bytes: PNG.subarray(0, 8) });
    expect(await storedMediaNames(await bucket(), w.companyId)).toEqual([profileImage.split("/").pop()]);

    const listed = await core.api("GET", "/companiesPlan/?searchParam=no balde&pageNumber=1", { token: w.superToken });
    expect(listed.body.companies[0]).toMatchObject({ id: w.companyId, folderSize: PNG.length, numberFileFolder: 1 });
    expect(listed.body.companies[0].updatedAtFolder).toEqual(expect.any(String));

    expect((await core.api("DELETE", `/companies/${w.companyId}`, { token: w.superToken })).status).toBe(200);
    expect(await storedMediaNames(await bucket(), w.companyId)).toEqual([]);
  });

  it("writes none of them under core's own DATA_DIR", async () => {
    for (const folder of ["media", "branding", "announcements"]) {
      expect(await readdir(`${core.config.dataDir}/${folder}`).catch(() => [])).toEqual([]);
    }
  });
});
