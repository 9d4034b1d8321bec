// The built PWA and the API as a browser receives them: content coding, cache
// headers and security headers, against a build folder made by the real
// precompress step.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { request } from "node:http";
import path from "node:path";
import { brotliDecompressSync, gunzipSync, zstdDecompressSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { precompressDir } from "../../../pwa/scripts/precompress-plugin.ts";
import { buildContact } from "../testing/factories.ts";
import { coreForFile, forFile, tmpDirForFile } from "../testing/test-world.ts";
import { CONTENT_SECURITY_POLICY } from "./security-headers.ts";

const ASSET = "/assets/index-Ab12Cd34.js";
const assetText = Array.from({ length: 800 }, (_, i) => `export const value${i} = "chat-flow ${i}";`).join("\n");
const dist = tmpDirForFile("chatflow-dist-");
// A build folder as vite leaves it, made ready by the real precompress step.
forFile(async () => {
  await mkdir(path.join(dist.path, "assets"));
  await writeFile(
    path.join(dist.path, "index.html"),
    `<!doctype html><html><head><script type="module" src="${ASSET}"></script></head><body><div id="root"></div></body></html>`,
  );
  await writeFile(path.join(dist.path, ASSET), assetText);
  await writeFile(
    path.join(dist.path, "sw.js"),
    `self.addEventListener("install", () => {});\n${"// precache\n".repeat(200)}`,
  );
  await writeFile(path.join(dist.path, "manifest.webmanifest"), JSON.stringify({ name: "Chat-flow", start_url: "/" }));
  await precompressDir(dist.path);
});

const core = coreForFile(() => ({ pwaDir: dist.path }));

type Raw = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

/** A GET that keeps the bytes as sent (fetch would undo the content coding). */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    })
      .on("error", reject)
      .end();
  });
}

const varyOf = (r: Raw) => String(r.headers.vary ?? "").toLowerCase();

describe("#static assets: content coding", () => {
  it("should send the brotli file to a browser that accepts br", async () => {
    const r = await rawGet(core.url + ASSET, { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(r.status).toBe(200);
    expect(r.headers["content-encoding"]).toBe("br");
    expect(r.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(varyOf(r)).toContain("accept-encoding");
    expect(Number(r.headers["content-length"])).toBe(r.body.length);
    expect(r.body).toEqual(await readFile(path.join(dist.path, `${ASSET}.br`)));
    expect(brotliDecompressSync(r.body).toString()).toBe(assetText);
  });

  it("should send the gzip file to a client without brotli", async () => {
    const r = await rawGet(core.url + ASSET, { "accept-encoding": "gzip" });
    expect(r.headers["content-encoding"]).toBe("gzip");
    expect(r.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(varyOf(r)).toContain("accept-encoding");
    expect(gunzipSync(r.body).toString()).toBe(assetText);
  });

  it("should send the plain file to a client that asks for no coding", async () => {
    const r = await rawGet(core.url + ASSET);
    expect(r.headers["content-encoding"]).toBeUndefined();
    expect(r.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(varyOf(r)).toContain("accept-encoding");
    expect(r.body.toString()).toBe(assetText);
  });

  it("should not serve the compressed copies under their own names", async () => {
    const r = await rawGet(`${core.url}${ASSET}.br`, { accept: "*/*" });
    expect(r.status).not.toBe(200);
  });

  it("should answer the service worker and the manifest with their own types, compressed", async () => {
    const sw = await rawGet(`${core.url}/sw.js`, { "accept-encoding": "br" });
    expect(sw.headers["content-encoding"]).toBe("br");
    expect(sw.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    const manifest = await rawGet(`${core.url}/manifest.webmanifest`);
    expect(manifest.headers["content-type"]).toMatch(/^application\/manifest\+json/);
  });
});

describe("#static assets: missing files", () => {
  it("should answer 404 for a file the build does not have, without asking for a session", async () => {
    const missing = `${core.url}/assets/index-Missing9.js`;
    const answers = [
      await rawGet(missing),
      await rawGet(missing, { accept: "text/html" }),
      // A token that authentication would refuse (401/403): the answer never gets there.
      await rawGet(missing, { authorization: "Bearer not-a-token" }),
      await rawGet(`${core.url}/assets/`),
      await rawGet(`${core.url}/assets`),
    ];
    for (const r of answers) {
      expect(r.status).toBe(404);
      expect(JSON.parse(r.body.toString())).toMatchObject({ error: "ERR_NOT_FOUND" });
      expect(r.headers["cache-control"] ?? "").not.toContain("immutable");
    }
    const post = await fetch(missing, { method: "POST", headers: { authorization: "Bearer not-a-token" } });
    expect(post.status).toBe(404);
  });
});

describe("#static assets: cache headers", () => {
  it("should mark hashed assets immutable for a year", async () => {
    const r = await rawGet(core.url + ASSET, { "accept-encoding": "br" });
    expect(r.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("should make the browser re-check the shell, the service worker and the manifest", async () => {
    const shell = await rawGet(`${core.url}/tickets`, { accept: "text/html" });
    expect(shell.body.toString()).toContain('<div id="root">');
    for (const r of [
      shell,
      await rawGet(`${core.url}/index.html`),
      await rawGet(`${core.url}/sw.js`, { "accept-encoding": "br" }),
      await rawGet(`${core.url}/manifest.webmanifest`),
    ]) {
      expect(r.status).toBe(200);
      expect(r.headers["cache-control"]).toBe("no-cache");
    }
  });
});

describe("#security headers", () => {
  const admin = forFile(() => core.login("admin@chatflow.local", "chatflow"));

  const expectSecurityHeaders = (r: Raw) => {
    expect(r.headers["content-security-policy"]).toBe(CONTENT_SECURITY_POLICY);
    expect(r.headers["x-content-type-options"]).toBe("nosniff");
    expect(r.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(r.headers["x-powered-by"]).toBeUndefined();
  };

  it("should allow only the app's own origin, and no framing", () => {
    expect(CONTENT_SECURITY_POLICY).toContain("default-src 'self'");
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self';");
    expect(CONTENT_SECURITY_POLICY).toContain("connect-src 'self';");
    expect(CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
    expect(CONTENT_SECURITY_POLICY).toContain("object-src 'none'");
    expect(CONTENT_SECURITY_POLICY).not.toContain("unsafe");
  });

  it("should let in only YouTube's privacy-enhanced player as a frame and its thumbnail host as images", () => {
    const directives = new Map(
      CONTENT_SECURITY_POLICY.split("; ").map((d) => [d.split(" ")[0], d.split(" ").slice(1)] as const),
    );
    expect(directives.get("frame-src")).toEqual(["https://www.youtube-nocookie.com"]);
    expect(directives.get("img-src")).toEqual(["'self'", "data:", "blob:", "https://i.ytimg.com"]);
    // No other directive names an outside host, and nothing else may be framed or framing us.
    const outside = [...directives].filter(
      ([name, v]) => !["frame-src", "img-src"].includes(name!) && v.some((s) => s.startsWith("http")),
    );
    expect(outside).toEqual([]);
    expect(directives.get("frame-ancestors")).toEqual(["'none'"]);
    expect(directives.get("child-src")).toBeUndefined();
  });

  it("should be on an API answer, an asset, the shell, an error and a 404", async () => {
    const answers = {
      api: await rawGet(`${core.url}/contacts`, { authorization: `Bearer ${admin.token}` }),
      asset: await rawGet(core.url + ASSET, { "accept-encoding": "br" }),
      shell: await rawGet(`${core.url}/login`, { accept: "text/html" }),
      unauthenticated: await rawGet(`${core.url}/contacts`, { accept: "application/json" }),
      notFound: await rawGet(`${core.url}/no-such-route`, { authorization: `Bearer ${admin.token}` }),
      malformedJson: await new Promise<Raw>((resolve, reject) => {
        const req = request(
          `${core.url}/auth/login`,
          { method: "POST", headers: { "content-type": "application/json" } },
          (res) => {
            res.resume();
            res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.alloc(0) }));
          },
        );
        req.on("error", reject);
        req.end("{not json");
      }),
    };
    expect(answers.api.status).toBe(200);
    expect(answers.unauthenticated.status).toBe(401);
    expect(answers.notFound.status).toBe(404);
    expect(answers.malformedJson.status).toBe(400);
    for (const [name, r] of Object.entries(answers)) {
      expect.soft(r.headers["content-security-policy"], name).toBe(CONTENT_SECURITY_POLICY);
      expectSecurityHeaders(r);
    }
  });
});

describe("#API answers: compression", () => {
  const admin = forFile(async () => {
    const session = await core.login("admin@chatflow.local", "chatflow");
    for (let i = 0; i < 30; i++) await buildContact(core.db.pool, { companyId: 1, name: `Contact number ${i}` });
    return session;
  });

  it("should compress a JSON answer with brotli when the client accepts it", async () => {
    const r = await rawGet(`${core.url}/contacts`, {
      authorization: `Bearer ${admin.token}`,
      "accept-encoding": "gzip, br",
    });
    expect(r.status).toBe(200);
    expect(r.headers["content-encoding"]).toBe("br");
    expect(r.headers["content-type"]).toMatch(/^application\/json/);
    expect(varyOf(r)).toContain("accept-encoding");
    const body = JSON.parse(brotliDecompressSync(r.body).toString());
    expect(body.contacts).toHaveLength(20);
  });

  it("should prefer zstd when the client accepts it (Chromium's header), with the body's own type and charset", async () => {
    const r = await rawGet(`${core.url}/contacts`, {
      authorization: `Bearer ${admin.token}`,
      "accept-encoding": "gzip, deflate, br, zstd",
    });
    expect(r.headers["content-encoding"]).toBe("zstd");
    expect(r.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(Number(r.headers["content-length"])).toBe(r.body.length);
    expect(JSON.parse(zstdDecompressSync(r.body).toString()).contacts).toHaveLength(20);
  });

  it("should gzip it for a client without brotli, and send it plain to one that asks for nothing", async () => {
    const gz = await rawGet(`${core.url}/contacts`, {
      authorization: `Bearer ${admin.token}`,
      "accept-encoding": "gzip",
    });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(gz.body).toString()).contacts).toHaveLength(20);
    const plain = await rawGet(`${core.url}/contacts`, { authorization: `Bearer ${admin.token}` });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(plain.body.toString()).contacts).toHaveLength(20);
  });

  it("should send an answer asked again unchanged as the same bytes, and a changed one as its own", async () => {
    const ask = (coding: string) =>
      rawGet(`${core.url}/contacts?searchParam=again`, {
        authorization: `Bearer ${admin.token}`,
        "accept-encoding": coding,
      });
    for (let i = 0; i < 25; i++) await buildContact(core.db.pool, { companyId: 1, name: `Again ${i}` });
    const first = await ask("zstd");
    const second = await ask("zstd");
    expect(second.body.equals(first.body)).toBe(true);
    expect(JSON.parse(zstdDecompressSync(second.body).toString()).contacts).toHaveLength(20);
    // The same answer in another coding is that coding's bytes, not the kept zstd ones.
    expect(JSON.parse(gunzipSync((await ask("gzip")).body).toString()).contacts).toHaveLength(20);
    await core.db.pool.query("UPDATE contacts SET name = 'Again 00' WHERE company_id = 1 AND name = 'Again 0'");
    const changed = await ask("zstd");
    expect(changed.body.equals(first.body)).toBe(false);
    const plain = (await ask("identity")).body.toString();
    expect(zstdDecompressSync(changed.body).toString()).toBe(plain);
    expect(plain).toContain("Again 00");
  });

  it("should leave a tiny answer as it is", async () => {
    const r = await rawGet(`${core.url}/version`, { "accept-encoding": "br" });
    expect(r.headers["content-encoding"]).toBeUndefined();
    expect(varyOf(r)).toContain("accept-encoding");
    expect(JSON.parse(r.body.toString()).version).toBeTypeOf("string");
  });
});
