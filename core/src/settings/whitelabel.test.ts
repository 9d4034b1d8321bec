import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildCompany } from "../testing/factories.ts";
import { coreForFile, forFile } from "../testing/test-world.ts";
import { signedIn } from "../testing/users-factories.ts";

const core = coreForFile();
const w = forFile(async () => {
  const companyId = (await buildCompany(core.db.pool)).id;
  const admin = await signedIn(core, { companyId, profile: "admin" });
  const superToken = (await core.login("admin@chatflow.local", "chatflow")).token;
  return { admin, superToken };
});

// A 1x1 PNG and a one-image ICO header: logos the server must take.
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d4948445200000001000000010806000000" +
    "1f15c4890000000d49444154789c6300010000050001" +
    "0d0a2db40000000049454e44ae426082",
  "hex",
);
const ICO = Buffer.concat([Buffer.from([0, 0, 1, 0, 1, 0]), Buffer.alloc(32)]);

const brandingFiles = () => readdir(path.join(core.config.dataDir, "branding")).catch(() => [] as string[]);

function uploadLogo(token: string, o: { bytes: Buffer; name: string; mode?: string; typeArch?: string }) {
  const form = new FormData();
  form.append("typeArch", o.typeArch ?? "logo");
  if (o.mode !== undefined) form.append("mode", o.mode);
  form.append("file", new Blob([new Uint8Array(o.bytes)], { type: "image/png" }), o.name);
  return fetch(`${core.url}/settings-whitelabel/logo`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  }).then(async (r) => ({ status: r.status, body: await r.json() }));
}

describe("#settings-whitelabel.logo", () => {
  it("stores the super user's logo under a safe name, sets the mode's setting and serves it before login", async () => {
    const res = await uploadLogo(w.superToken, { bytes: PNG, name: "../../Logo Clara ção.png", mode: "Light" });
    expect(res.status).toBe(200);
    const fileName = res.body as string;
    expect(fileName).toMatch(/^[0-9a-f-]{36}-Logo_Clara_cao\.png$/);
    expect(await readFile(path.join(core.config.dataDir, "branding", fileName))).toEqual(PNG);
    expect((await core.api("GET", "/public-settings/appLogoLight")).body.value).toBe(fileName);
    // No session: the login screen reads it.
    const served = await fetch(`${core.url}/branding/${fileName}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);

    const favicon = await uploadLogo(w.superToken, { bytes: ICO, name: "favicon.ico", mode: "Favicon" });
    expect(favicon.body).toMatch(/-favicon\.ico$/);
    expect((await core.api("GET", "/public-settings/appLogoFavicon")).body.value).toBe(favicon.body);
  });

  it("refuses everyone but the super user with ERR_NO_PERMISSION and keeps nothing", async () => {
    const before = await brandingFiles();
    const res = await uploadLogo(w.admin.token, { bytes: PNG, name: "mine.png", mode: "Dark" });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe("ERR_NO_PERMISSION");
    expect(await brandingFiles()).toEqual(before);
    expect((await core.api("GET", "/public-settings/appLogoDark")).body.value).toBe("");
  });

  it("refuses a file that is not an image (an SVG named .png), a bad mode, a NUL and a file over 2 MB", async () => {
    const before = await brandingFiles();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const notImage = await uploadLogo(w.superToken, { bytes: svg, name: "logo.png", mode: "Dark" });
    expect(notImage.status).toBe(400);
    expect(notImage.body.fields.file).toBe("Only PNG, JPEG, GIF, WebP or ICO images");
    const badMode = await uploadLogo(w.superToken, { bytes: PNG, name: "logo.png", mode: "Sepia" });
    expect(badMode.status).toBe(400);
    expect(badMode.body.fields.mode).toBe("Must be one of: Light, Dark, Favicon");
    const noMode = await uploadLogo(w.superToken, { bytes: PNG, name: "logo.png" });
    expect(noMode.status).toBe(400);
    const nul = await uploadLogo(w.superToken, { bytes: PNG, name: "logo.png", mode: "Dark\u0000" });
    expect(nul.status).toBe(400);
    expect(nul.body.fields.mode).toBe("Text must not contain NUL characters");
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const tooBig = await uploadLogo(w.superToken, { bytes: big, name: "big.png", mode: "Dark" });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error).toBe("ERR_PAYLOAD_TOO_LARGE");
    expect(await brandingFiles()).toEqual(before);
    expect((await core.api("GET", "/public-settings/appLogoDark")).body.value).toBe("");
  });

  it("serves only names it makes: traversal and unknown names answer 404", async () => {
    for (const name of ["..%2F..%2Fsecret", ".env", "nope.png"]) {
      const res = await fetch(`${core.url}/branding/${name}`, { headers: { accept: "application/json" } });
      expect(res.status, name).toBe(404);
    }
  });

  it("takes only a stored file name (or nothing) as a logo setting", async () => {
    for (const value of ["../../etc/passwd", "https://evil.example/x.png", "/branding/x.png"]) {
      const res = await core.api("PUT", "/settings/appLogoDark", { token: w.superToken, body: { value } });
      expect(res.status, value).toBe(400);
      expect(res.body.fields.value).toBe("Invalid file name");
    }
    const cleared = await core.api("PUT", "/settings/appLogoLight", { token: w.superToken, body: { value: "" } });
    expect(cleared.body).toEqual({ key: "appLogoLight", value: "" });
  });
});
