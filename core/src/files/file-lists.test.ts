import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildCompany, buildQueue, buildUser } from "../testing/factories.ts";
import { currentCursor, listsChangedBy, listsChangedSince } from "../testing/list-changes.ts";
import { coreForFile, forFile } from "../testing/test-world.ts";
import { twoCompanies } from "../testing/users-factories.ts";

const core = coreForFile();
const w = forFile(async () => {
  const world = await twoCompanies(core);
  const queue = await buildQueue(world.pool, { companyId: world.companyId });
  return { ...world, other: world.otherAdmin, queue };
});

const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d4948445200000001000000010806000000" +
    "1f15c4890000000d49444154789c6300010000050001" +
    "0d0a2db40000000049454e44ae426082",
  "hex",
);
const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

function upload(token: string, id: number, files: { bytes: Buffer; name: string; type: string }[], names?: string[]) {
  const form = new FormData();
  for (const f of files) form.append("files", new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.name);
  for (const n of names ?? []) form.append("name", n);
  return fetch(`${core.url}/files/uploadList/${id}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
}

const fileOf = (companyId: number, mediaPath: string) =>
  path.join(core.config.dataDir, "media", `company-${companyId}`, mediaPath.split("/").pop()!);

async function create(name: string, message = "Segue o material") {
  const res = await core.api("POST", "/files", { token: w.admin, body: { name, message, options: [] } });
  expect(res.status).toBe(200);
  return res.body as { id: number };
}

describe("#files.create", () => {
  it("stores the name, the message and the author, with no files yet", async () => {
    const res = await core.api("POST", "/files", {
      token: w.admin,
      body: { name: "Catálogo", message: "Nosso catálogo", userId: 999 },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: "Catálogo", message: "Nosso catálogo", userId: w.adminId, options: [] });
    const shown = await core.api("GET", `/files/${res.body.id}`, { token: w.admin });
    expect(shown.body).toMatchObject({ id: res.body.id, name: "Catálogo" });
  });

  it("answers the spec's validation texts", async () => {
    const short = await core.api("POST", "/files", { token: w.admin, body: { name: "ab", message: "x" } });
    expect([short.status, short.body.fields]).toEqual([400, { name: "nome muito curto" }]);
    const noMessage = await core.api("POST", "/files", { token: w.admin, body: { name: "Lista" } });
    expect([noMessage.status, noMessage.body.fields]).toEqual([400, { message: "Obrigatório" }]);
    const invented = await core.api("POST", "/files", {
      token: w.admin,
      body: { name: "Lista", message: "x", options: [{ name: "a", path: "/media/1/x.png" }] },
    });
    expect(invented.status).toBe(400);
  });

  it("is refused to a profile user (spec 2 §6)", async () => {
    for (const [method, url] of [
      ["GET", "/files"],
      ["POST", "/files"],
      ["GET", "/files/1"],
      ["PUT", "/files/1"],
      ["DELETE", "/files/1"],
    ] as const) {
      const body = method === "GET" ? undefined : { name: "Lista", message: "x" };
      const res = await core.api(method, url, { token: w.agent, body });
      expect([res.status, res.body.error], `${method} ${url}`).toEqual([403, "ERR_NO_PERMISSION"]);
    }
  });
});

describe("#files.uploadList", () => {
  it("adds several files typed from their bytes, names with underscores, and keeps the order", async () => {
    const { id } = await create("Materiais");
    const res = await upload(
      w.admin,
      id,
      [
        { bytes: PNG, name: "foto da loja.png", type: "application/octet-stream" },
        { bytes: PDF, name: "tabela de preços.pdf", type: "image/png" },
      ],
      ["foto da loja"],
    );
    expect(res.status).toBe(200);
    const list = await res.json();
    expect(list.options.map((o: { name: string; mediaType: string }) => [o.name, o.mediaType])).toEqual([
      ["foto_da_loja", "image"],
      ["tabela_de_preços.pdf", "application"],
    ]);
    for (const o of list.options) {
      expect(o.path).toMatch(new RegExp(`^/media/${w.companyId}/`));
      expect(existsSync(fileOf(w.companyId, o.path))).toBe(true);
    }
    const more = await (await upload(w.admin, id, [{ bytes: PNG, name: "c.png", type: "image/png" }])).json();
    expect(more.options).toHaveLength(3);
    expect(more.options[2].name).toBe("c.png");
  });

  it("refuses a file whose bytes are of no known kind and keeps none of the request", async () => {
    const { id } = await create("Estranhos");
    const res = await upload(w.admin, id, [
      { bytes: PNG, name: "ok.png", type: "image/png" },
      { bytes: Buffer.from([0, 1, 2, 3, 4, 5, 6, 7]), name: "x.exe", type: "application/octet-stream" },
    ]);
    expect(res.status).toBe(400);
    expect((await core.api("GET", `/files/${id}`, { token: w.admin })).body.options).toEqual([]);
  });
});

describe("#files.update", () => {
  it("renames, reorders and removes files (removed ones leave the disk), never adds one", async () => {
    const { id } = await create("Editável");
    const list = await (
      await upload(w.admin, id, [
        { bytes: PNG, name: "a.png", type: "image/png" },
        { bytes: PDF, name: "b.pdf", type: "application/pdf" },
      ])
    ).json();
    const [a, b] = list.options;
    const res = await core.api("PUT", `/files/${id}`, {
      token: w.admin,
      body: { name: "Editada", options: [{ ...b, name: "novo nome", mediaType: "image" }] },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: "Editada", message: "Segue o material" });
    expect(res.body.options).toEqual([{ name: "novo_nome", path: b.path, mediaType: "application" }]);
    expect(existsSync(fileOf(w.companyId, a.path))).toBe(false);
    expect(existsSync(fileOf(w.companyId, b.path))).toBe(true);
    const added = await core.api("PUT", `/files/${id}`, {
      token: w.admin,
      body: { options: [b, { name: "x", path: `/media/${w.companyId}/not-ours.png` }] },
    });
    expect(added.status).toBe(400);
  });
});

describe("#files.list", () => {
  it("pages by name with a search on name and message, hasMore while more remain", async () => {
    const companyId = (await buildCompany(core.db.pool)).id;
    const admin = await buildUser(core.db.pool, { companyId, profile: "admin" });
    const { token } = await core.login(admin.email, admin.password);
    for (let i = 0; i < 23; i++) {
      await core.api("POST", "/files", {
        token,
        body: { name: `Lista ${String(i).padStart(2, "0")}`, message: i === 7 ? "Promoção de verão" : "Texto" },
      });
    }
    const first = await core.api("GET", "/files/?pageNumber=1", { token });
    expect([first.body.files.length, first.body.hasMore, first.body.count]).toEqual([20, true, 23]);
    expect(first.body.files[0].name).toBe("Lista 00");
    const second = await core.api("GET", "/files?pageNumber=2", { token });
    expect([second.body.files.length, second.body.hasMore]).toEqual([3, false]);
    const found = await core.api("GET", "/files?searchParam=VERÃO", { token });
    expect(found.body.files.map((f: { name: string }) => f.name)).toEqual(["Lista 07"]);
  });
});

describe("#files.delete", () => {
  it("removes the list and its files, and the queues and options that named it let go of it", async () => {
    const { id } = await create("Apagável");
    const list = await (await upload(w.admin, id, [{ bytes: PNG, name: "a.png", type: "image/png" }])).json();
    await core.db.pool.query("UPDATE queues SET file_list_id = $1 WHERE id = $2 AND company_id = $3", [
      id,
      w.queue.id,
      w.companyId,
    ]);
    const res = await core.api("DELETE", `/files/${id}`, { token: w.admin });
    expect(res.status).toBe(200);
    expect(existsSync(fileOf(w.companyId, list.options[0].path))).toBe(false);
    expect((await core.api("GET", `/files/${id}`, { token: w.admin })).status).toBe(404);
    const q = await core.db.pool.query("SELECT file_list_id FROM queues WHERE id = $1 AND company_id = $2", [
      w.queue.id,
      w.companyId,
    ]);
    expect(q.rows[0].file_list_id).toBeNull();
  });

  it("answers 404 to another company for every call on the list, and changes nothing", async () => {
    const { id } = await create("Só desta empresa");
    for (const [method, url] of [
      ["GET", `/files/${id}`],
      ["PUT", `/files/${id}`],
      ["DELETE", `/files/${id}`],
    ] as const) {
      const res = await core.api(method, url, {
        token: w.other,
        body: method === "GET" ? undefined : { name: "Invadida" },
      });
      expect([res.status, res.body.error], `${method} ${url}`).toEqual([404, "ERR_NOT_FOUND"]);
    }
    const up = await upload(w.other, id, [{ bytes: PNG, name: "a.png", type: "image/png" }]);
    expect(up.status).toBe(404);
    const listed = await core.api("GET", "/files", { token: w.other });
    expect(listed.body.files.map((f: { id: number }) => f.id)).not.toContain(id);
    expect((await core.api("GET", `/files/${id}`, { token: w.admin })).body.name).toBe("Só desta empresa");
  });
});

describe("#files.references", () => {
  it("lets a queue and a chatbot option name the company's file list, and refuses another company's", async () => {
    const { id } = await create("Para a fila");
    const ok = await core.api("PUT", `/queue/${w.queue.id}`, { token: w.admin, body: { fileListId: id } });
    expect([ok.status, ok.body.fileListId]).toEqual([200, id]);
    const option = await core.api("POST", "/chatbot", {
      token: w.admin,
      body: { queueId: w.queue.id, name: "Catálogo", queueType: "file", optFileId: id, greetingMessage: "Segue" },
    });
    expect(option.status).toBeLessThan(300);
    const theirs = (
      await core.db.pool.query(
        "INSERT INTO file_lists (company_id, name, message) VALUES ($1, 'Alheia', 'x') RETURNING id",
        [w.otherCompanyId],
      )
    ).rows[0].id;
    const refused = await core.api("PUT", `/queue/${w.queue.id}`, { token: w.admin, body: { fileListId: theirs } });
    expect([refused.status, refused.body.error]).toEqual([404, "ERR_NOT_FOUND"]);
    const refusedOption = await core.api("POST", "/chatbot", {
      token: w.admin,
      body: { queueId: w.queue.id, name: "Alheia", queueType: "file", optFileId: theirs, greetingMessage: "x" },
    });
    expect([refusedOption.status, refusedOption.body.error]).toEqual([404, "ERR_NOT_FOUND"]);
  });
});

describe("#files live updates", () => {
  it("names the file lists in the next pull of an admin after each write, never to a plain user or another company", async () => {
    const [admin, agent, other] = await Promise.all([w.admin, w.agent, w.other].map((t) => currentCursor(core, t)));
    const { id } = await create("Ao vivo");
    expect(await listsChangedSince(core, w.admin, admin!)).toEqual(["files"]);
    expect(await listsChangedSince(core, w.agent, agent!)).toBeUndefined();
    expect(await listsChangedSince(core, w.other, other!)).toBeUndefined();
    for (const write of [
      () => core.api("PUT", `/files/${id}`, { token: w.admin, body: { name: "Ao vivo 2" } }),
      () => upload(w.admin, id, [{ bytes: PDF, name: "a.pdf", type: "application/pdf" }]),
      () => core.api("DELETE", `/files/${id}`, { token: w.admin }),
    ]) {
      expect(await listsChangedBy(core, w.admin, write)).toEqual(["files"]);
    }
  });
});
