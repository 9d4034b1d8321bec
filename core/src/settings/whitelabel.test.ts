import { readdir, readFile, stat } from "node:fs/promises";
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

  it("removes a replaced logo's file once the new one is saved, unless another logo still names it", async () => {
    const first = (await uploadLogo(w.superToken, { bytes: PNG, name: "first.png", mode: "Dark" })).body as string;
    const second = (await uploadLogo(w.superToken, { bytes: PNG, name: "second.png", mode: "Dark" })).body as string;
    expect((await core.api("GET", "/public-settings/appLogoDark")).body.value).toBe(second);
    const files = await brandingFiles();
    expect(files).toContain(second);
    expect(files).not.toContain(first);
    expect((await fetch(`${core.url}/branding/${first}`)).status).toBe(404);

    // A refused upload replaces nothing.
    const svg = Buffer.from("<svg/>");
    expect((await uploadLogo(w.superToken, { bytes: svg, name: "x.png", mode: "Dark" })).status).toBe(400);
    expect(await brandingFiles()).toContain(second);

    // The favicon set to the dark logo's file by PUT: replacing the dark logo keeps it for the favicon.
    const put = (key: string, value: string) =>
      core.api("PUT", `/settings/${key}`, { token: w.superToken, body: { value } });
    expect((await put("appLogoFavicon", second)).status).toBe(200);
    const third = (await uploadLogo(w.superToken, { bytes: PNG, name: "third.png", mode: "Dark" })).body as string;
    expect(await brandingFiles()).toEqual(expect.arrayContaining([second, third]));
    // Putting the same name again removes nothing; clearing the favicon removes the file nobody names now.
    expect((await put("appLogoDark", third)).status).toBe(200);
    expect(await brandingFiles()).toContain(third);
    expect((await put("appLogoFavicon", "")).body).toEqual({ key: "appLogoFavicon", value: "" });
    expect(await brandingFiles()).not.toContain(second);
    expect((await fetch(`${core.url}/branding/${third}`)).status).toBe(200);
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

describe("#settings.cert-upload", () => {
  // The start of a PKCS#12 bundle: SEQUENCE (long-form length), INTEGER version 3, then its content.
  const P12 = Buffer.concat([Buffer.from([0x30, 0x82, 0x01, 0x00, 0x02, 0x01, 0x03]), Buffer.alloc(256, 7)]);
  const certPath = () => path.join(core.config.dataDir, "certs", "efi.p12");

  function uploadCert(token: string, o: { query?: string; bytes?: Buffer; name?: string }) {
    const form = new FormData();
    if (o.bytes) form.append("file", new Blob([new Uint8Array(o.bytes)]), o.name ?? "cert.p12");
    return fetch(`${core.url}/settings/cert-upload${o.query ?? "?ref=efi"}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    }).then(async (r) => ({ status: r.status, body: await r.json() }));
  }

  it("keeps the super user's .p12 for its destination, readable by core only, and serves it nowhere", async () => {
    const res = await uploadCert(w.superToken, { bytes: P12, name: "Produção.P12" });
    expect(res).toEqual({ status: 200, body: { message: "Arquivo anexado" } });
    expect(await readFile(certPath())).toEqual(P12);
    expect((await stat(certPath())).mode & 0o777).toBe(0o600);
    expect((await fetch(`${core.url}/branding/efi.p12`)).status).toBe(404);
  });

  it("answers 'No permission to access' to everyone but the super user, before reading the file", async () => {
    const res = await uploadCert(w.admin.token, { bytes: Buffer.from([0x30, 0x03, 0x02, 0x01, 0x03, 0, 0, 0]) });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: "ERR_NO_PERMISSION", message: "No permission to access" });
    expect(await readFile(certPath())).toEqual(P12);
  });

  it("refuses a missing destination or file, and anything that is not a .p12, with the spec's warnings", async () => {
    const noRef = await uploadCert(w.superToken, { query: "", bytes: P12 });
    expect(noRef.body.fields.ref).toBe("Choose a destination");
    const badRef = await uploadCert(w.superToken, { query: "?ref=..%2Fetc", bytes: P12 });
    expect(badRef.body.fields.ref).toBe("Choose a destination");
    const noFile = await uploadCert(w.superToken, {});
    expect(noFile.body.fields.file).toBe("Choose a file");
    const pem = await uploadCert(w.superToken, { bytes: P12, name: "cert.pem" });
    expect(pem.body.fields.file).toBe("use only p12 files");
    const renamed = await uploadCert(w.superToken, { bytes: PNG, name: "cert.p12" });
    expect(renamed.status).toBe(400);
    expect(renamed.body.fields.file).toBe("use only p12 files");
    expect(await readFile(certPath())).toEqual(P12);
  });
});
