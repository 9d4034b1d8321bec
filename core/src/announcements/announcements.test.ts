// Announcements (spec 3 §2, §3, §5, §7, §9; decision 0072): the super user writes the platform's notices, every
// signed-in user of every company reads the active ones, images are PNG or JPEG by their bytes, and each write
// reaches every open socket as an 'announcements' frame.
import { readdir } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import WebSocket from "ws";
import { buildCompany } from "../testing/factories.ts";
import { coreForFile, forFile } from "../testing/test-world.ts";
import { signedIn } from "../testing/users-factories.ts";

const core = coreForFile();

const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d4948445200000001000000010806000000" +
    "1f15c4890000000d49444154789c6300010000050001" +
    "0d0a2db40000000049454e44ae426082",
  "hex",
);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60)]);
const GIF = Buffer.concat([Buffer.from("GIF89a"), Buffer.alloc(40)]);

const w = forFile(async () => {
  const a = await buildCompany(core.db.pool, { name: "Empresa A" });
  const b = await buildCompany(core.db.pool, { name: "Empresa B" });
  const admin = await signedIn(core, { companyId: a.id, profile: "admin" });
  const agent = await signedIn(core, { companyId: b.id, profile: "user" });
  const superToken = (await core.login("admin@chatflow.local", "chatflow")).token;
  return { admin, agent, superToken };
});

const files = () => readdir(path.join(core.config.dataDir, "announcements")).catch(() => [] as string[]);

function upload(token: string, id: number, bytes: Buffer, name: string) {
  const form = new FormData();
  form.append("typeArch", "announcements");
  form.append("file", new Blob([new Uint8Array(bytes)], { type: "image/png" }), name);
  return fetch(`${core.url}/announcements/${id}/media-upload`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  }).then(async (r) => ({ status: r.status, body: await r.json() }));
}

async function create(body: Record<string, unknown>) {
  const res = await core.api("POST", "/announcements", { token: w.superToken, body });
  expect(res.status).toBe(201);
  return res.body as { id: number; priority: number; status: boolean; mediaPath: string | null };
}

describe("#announcements.create", () => {
  it("stores the super user's announcement with priority 3 and active by default", async () => {
    const res = await core.api("POST", "/announcements", {
      token: w.superToken,
      body: { title: "Manutenção", text: "Sábado às 22h" },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ title: "Manutenção", text: "Sábado às 22h", priority: 3, status: true });
    expect(res.body.mediaPath).toBeNull();
  });

  it("requires title and text with 'Obrigatório' and refuses priorities outside 1 to 3, writing nothing", async () => {
    const before = (await core.db.pool.query("SELECT count(*)::int AS n FROM announcements")).rows[0].n;
    const empty = await core.api("POST", "/announcements", { token: w.superToken, body: { title: " ", text: "" } });
    expect(empty.status).toBe(400);
    expect(empty.body.fields).toMatchObject({ title: "Obrigatório", text: "Obrigatório" });
    const bad = await core.api("POST", "/announcements", {
      token: w.superToken,
      body: { title: "x", text: "y", priority: 4 },
    });
    expect(bad.status).toBe(400);
    const nul = await core.api("POST", "/announcements", {
      token: w.superToken,
      body: { title: "a\u0000", text: "y" },
    });
    expect(nul.status).toBe(400);
    expect((await core.db.pool.query("SELECT count(*)::int AS n FROM announcements")).rows[0].n).toBe(before);
  });

  it("is the super user's alone: a company admin gets ERR_NO_PERMISSION on every write", async () => {
    const mine = await create({ title: "Só do super", text: "texto" });
    const token = w.admin.token;
    const calls = [
      core.api("POST", "/announcements", { token, body: { title: "x", text: "y" } }),
      core.api("PUT", `/announcements/${mine.id}`, { token, body: { title: "x", text: "y" } }),
      core.api("DELETE", `/announcements/${mine.id}`, { token }),
      core.api("DELETE", `/announcements/${mine.id}/media-upload`, { token }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(403);
      expect(res.body.error).toBe("ERR_NO_PERMISSION");
    }
    expect((await upload(token, mine.id, PNG, "a.png")).body.error).toBe("ERR_NO_PERMISSION");
    const row = await core.db.pool.query("SELECT title FROM announcements WHERE id = $1", [mine.id]);
    expect(row.rows[0].title).toBe("Só do super");
  });
});

describe("#announcements.list", () => {
  it("shows the super user every announcement and other companies' users only the active ones, high first", async () => {
    const tag = `L${Date.now()}`;
    const low = await create({ title: `${tag} baixa`, text: "t", priority: 3 });
    const high = await create({ title: `${tag} alta`, text: "t", priority: 1 });
    const off = await create({ title: `${tag} inativa`, text: "t", priority: 1, status: false });
    const all = await core.api("GET", `/announcements?searchParam=${tag}&pageNumber=1`, { token: w.superToken });
    expect(all.body.records.map((r: { id: number }) => r.id)).toEqual([off.id, high.id, low.id]);
    expect(all.body).toMatchObject({ count: 3, hasMore: false });
    for (const token of [w.agent.token, w.admin.token]) {
      const seen = await core.api("GET", `/announcements/?searchParam=${tag.toLowerCase()}`, { token });
      expect(seen.status).toBe(200);
      expect(seen.body.records.map((r: { id: number }) => r.id)).toEqual([high.id, low.id]);
    }
    const topBar = await core.api("GET", `/announcements?searchParam=${tag}&active=1`, { token: w.superToken });
    expect(topBar.body.records.map((r: { id: number }) => r.id)).toEqual([high.id, low.id]);
  });

  it("pages 20 at a time with hasMore", async () => {
    const tag = `P${Date.now()}`;
    for (let i = 0; i < 21; i++) await create({ title: `${tag} ${i}`, text: "t" });
    const first = await core.api("GET", `/announcements?searchParam=${tag}`, { token: w.superToken });
    expect(first.body.records).toHaveLength(20);
    expect(first.body.hasMore).toBe(true);
    const second = await core.api("GET", `/announcements?searchParam=${tag}&pageNumber=2`, { token: w.superToken });
    expect(second.body.records).toHaveLength(1);
    expect(second.body).toMatchObject({ count: 21, hasMore: false });
  });
});

describe("#announcements.update and delete", () => {
  it("updates every field, and a missing id answers 404", async () => {
    const a = await create({ title: "Antes", text: "t" });
    const res = await core.api("PUT", `/announcements/${a.id}`, {
      token: w.superToken,
      body: { title: "Depois", text: "novo", priority: 2, status: false },
    });
    expect(res.body).toMatchObject({ id: a.id, title: "Depois", text: "novo", priority: 2, status: false });
    const missing = await core.api("PUT", "/announcements/2147483647", {
      token: w.superToken,
      body: { title: "x", text: "y" },
    });
    expect(missing.status).toBe(404);
    expect((await core.api("DELETE", "/announcements/99999999", { token: w.superToken })).status).toBe(404);
    expect((await core.api("DELETE", "/announcements/2147483648", { token: w.superToken })).status).toBe(400);
  });

  it("deletes the announcement and its image", async () => {
    const a = await create({ title: "Com imagem", text: "t" });
    const up = await upload(w.superToken, a.id, PNG, "foto.png");
    expect(await files()).toContain(up.body.mediaPath);
    expect((await core.api("DELETE", `/announcements/${a.id}`, { token: w.superToken })).status).toBe(200);
    expect(await files()).not.toContain(up.body.mediaPath);
    const rows = await core.db.pool.query("SELECT 1 FROM announcements WHERE id = $1", [a.id]);
    expect(rows.rowCount).toBe(0);
  });
});

describe("#announcements.media-upload", () => {
  it("takes PNG and JPEG by their bytes, replaces the earlier image and serves it to anyone with the name", async () => {
    const a = await create({ title: "Imagem", text: "t" });
    const png = await upload(w.superToken, a.id, PNG, "../Aviso ção.png");
    expect(png.status).toBe(200);
    expect(png.body.mediaPath).toMatch(/^[0-9a-f-]{36}-Aviso_cao\.png$/);
    expect(png.body.mediaName).toBe("Aviso ção.png");
    // A JPEG named .png is stored as what its bytes say.
    const jpg = await upload(w.superToken, a.id, JPEG, "foto.png");
    expect(jpg.body.mediaPath).toMatch(/\.jpg$/);
    expect(await files()).not.toContain(png.body.mediaPath);
    const served = await fetch(`${core.url}/announcement-media/${jpg.body.mediaPath}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/jpeg");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect((await fetch(`${core.url}/announcement-media/..%2F..%2Fetc%2Fpasswd`)).status).toBe(404);
  });

  it("refuses a GIF or anything else, keeping the announcement as it was", async () => {
    const a = await create({ title: "Sem gif", text: "t" });
    const before = (await files()).length;
    const gif = await upload(w.superToken, a.id, GIF, "anim.png");
    expect(gif.status).toBe(400);
    const html = await upload(w.superToken, a.id, Buffer.from("<svg onload=alert(1)>"), "x.jpg");
    expect(html.status).toBe(400);
    expect((await files()).length).toBe(before);
    const row = await core.db.pool.query("SELECT media_path FROM announcements WHERE id = $1", [a.id]);
    expect(row.rows[0].media_path).toBeNull();
    expect((await upload(w.superToken, 99999999, PNG, "a.png")).status).toBe(404);
  });

  it("detaches the image and removes its file", async () => {
    const a = await create({ title: "Tirar imagem", text: "t" });
    const up = await upload(w.superToken, a.id, PNG, "a.png");
    const res = await core.api("DELETE", `/announcements/${a.id}/media-upload`, { token: w.superToken });
    expect(res.body).toMatchObject({ id: a.id, mediaPath: null, mediaName: null });
    expect(await files()).not.toContain(up.body.mediaPath);
  });
});

describe("#announcements live updates", () => {
  it("sends every open socket, of any company, an 'announcements' frame after a write", async () => {
    const open = (token: string) => {
      const ws = new WebSocket(`${core.url.replace("http", "ws")}/ws?token=${token}`);
      const frames: string[] = [];
      ws.on("message", (d) => frames.push((JSON.parse(String(d)) as { type: string }).type));
      return { ws, frames };
    };
    const sockets = [open(w.agent.token), open(w.admin.token)];
    await vi.waitFor(() => expect(sockets.every((s) => s.frames.includes("poke"))).toBe(true));
    await create({ title: "Ao vivo", text: "t" });
    await vi.waitFor(() => expect(sockets.every((s) => s.frames.includes("announcements"))).toBe(true));
    for (const s of sockets) s.ws.close();
  });
});
