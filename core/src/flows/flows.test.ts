import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FLOWS_PAGE_SIZE } from "../contract/flows.ts";
import { buildCompany } from "../testing/factories.ts";
import { coreForFile, forFile } from "../testing/test-world.ts";
import { companyWithStaff, signedIn } from "../testing/users-factories.ts";

const core = coreForFile();
const w = forFile(async () => {
  const staff = await companyWithStaff(core);
  const otherAdmin = await signedIn(core, { companyId: (await buildCompany(staff.pool)).id, profile: "admin" });
  return { ...staff, otherAdmin };
});

const create = (token: string, name: string) => core.api("POST", "/flowbuilder", { token, body: { name } });

const start = { id: "1", position: { x: 0, y: 0 }, type: "start", data: { label: "Inicio do fluxo" } };
const menu = {
  id: "m".repeat(30),
  position: { x: 300, y: 0 },
  type: "menu",
  data: {
    message: "Escolha",
    arrayOption: [
      { number: 1, value: "Vendas" },
      { number: 2, value: "Suporte" },
    ],
  },
};
const question = {
  id: "q".repeat(30),
  position: { x: 600, y: 0 },
  type: "question",
  data: { typebotIntegration: { message: "Seu nome?", answerKey: "nome" } },
};

describe("#flows.crud", () => {
  it("creates, renames, turns off, duplicates and deletes a flow", async () => {
    const created = await create(w.admin.token, "Boas-vindas");
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: "Boas-vindas", active: true, userId: w.admin.id, savedAt: null });
    const id = created.body.id;

    const renamed = await core.api("PUT", "/flowbuilder", {
      token: w.admin.token,
      body: { flowId: id, name: "Boas-vindas 2", active: false },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id, name: "Boas-vindas 2", active: false });

    const shown = await core.api("GET", `/flowbuilder/flow/${id}`, { token: w.admin.token });
    expect(shown.body.flow).toMatchObject({ id, name: "Boas-vindas 2", flow: null });

    // The drawing (the flow's Yjs document) travels with the flow: copied by duplicate, removed by delete.
    const docName = (flowId: number) => `company/${w.companyId}/flow/${flowId}`;
    await w.pool.query("INSERT INTO documents (name, company_id, kind, state) VALUES ($1, $2, 'flow', $3)", [
      docName(id),
      w.companyId,
      Buffer.from([0, 0]),
    ]);
    const copy = await core.api("POST", "/flowbuilder/duplicate", { token: w.admin.token, body: { flowId: id } });
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({ name: "Boas-vindas 2 - cópia", active: false });
    expect(copy.body.id).not.toBe(id);
    const stored = async (flowId: number) =>
      (
        await w.pool.query("SELECT 1 FROM documents WHERE company_id = $1 AND name = $2", [
          w.companyId,
          docName(flowId),
        ])
      ).rowCount;
    expect(await stored(copy.body.id)).toBe(1);

    const removed = await core.api("DELETE", `/flowbuilder/${id}`, { token: w.admin.token });
    expect(removed.status).toBe(200);
    expect(await stored(id)).toBe(0);
    expect(await stored(copy.body.id)).toBe(1);
    const gone = await core.api("GET", `/flowbuilder/flow/${id}`, { token: w.admin.token });
    expect([gone.status, gone.body.error]).toEqual([404, "ERR_NOT_FOUND"]);
  });

  it("validates the name with the spec's texts", async () => {
    for (const [name, text] of [
      ["", "Digite um nome!"],
      ["A", "Muito curto!"],
      ["x".repeat(51), "Muito longo!"],
    ] as const) {
      const res = await create(w.admin.token, name);
      expect([res.status, res.body.fields?.name]).toEqual([400, text]);
    }
    const missing = await core.api("POST", "/flowbuilder", { token: w.admin.token, body: {} });
    expect(missing.body.fields?.name).toBe("Digite um nome!");
  });

  it("refuses every flow call to an agent", async () => {
    const id = (await create(w.admin.token, "Só admins")).body.id;
    for (const [method, url, body] of [
      ["GET", "/flowbuilder", undefined],
      ["POST", "/flowbuilder", { name: "Agente" }],
      ["PUT", "/flowbuilder", { flowId: id, name: "Agente" }],
      ["POST", "/flowbuilder/duplicate", { flowId: id }],
      ["GET", `/flowbuilder/flow/${id}`, undefined],
      ["POST", "/flowbuilder/flow", { idFlow: id, nodes: [start], connections: [] }],
      ["DELETE", `/flowbuilder/${id}`, undefined],
    ] as const) {
      const res = await core.api(method, url, { token: w.agent.token, body });
      expect([res.status, res.body.error], `${method} ${url}`).toEqual([403, "ERR_NO_PERMISSION"]);
    }
  });

  it("lists by pages with hasMore and searches by name", async () => {
    const company = (await buildCompany(w.pool)).id;
    const admin = await signedIn(core, { companyId: company, profile: "admin" });
    for (let i = 0; i < FLOWS_PAGE_SIZE + 3; i++) await create(admin.token, `Fluxo ${String(i).padStart(2, "0")}`);
    await create(admin.token, "Campanha de Natal");
    const first = await core.api("GET", "/flowbuilder?pageNumber=1", { token: admin.token });
    expect(first.body.flows).toHaveLength(FLOWS_PAGE_SIZE);
    expect(first.body.hasMore).toBe(true);
    expect(first.body.flows[0].name).toBe("Campanha de Natal");
    const second = await core.api("GET", "/flowbuilder?pageNumber=2", { token: admin.token });
    expect(second.body.flows).toHaveLength(4);
    expect(second.body.hasMore).toBe(false);
    const found = await core.api("GET", "/flowbuilder?searchParam=natal", { token: admin.token });
    expect(found.body.flows.map((f: { name: string }) => f.name)).toEqual(["Campanha de Natal"]);
    // A LIKE wildcard is a plain character in a search.
    const wildcard = await core.api("GET", "/flowbuilder?searchParam=%25", { token: admin.token });
    expect(wildcard.body.flows).toEqual([]);
  });
});

describe("#flows.snapshot", () => {
  it("saves a valid snapshot and answers it from GET /flowbuilder/flow/{id}", async () => {
    const id = (await create(w.admin.token, "Com menu")).body.id;
    const body = {
      idFlow: id,
      nodes: [start, menu, question],
      connections: [
        { source: "1", target: menu.id },
        { source: menu.id, target: question.id, sourceHandle: "option-1" },
      ],
    };
    const saved = await core.api("POST", "/flowbuilder/flow", { token: w.admin.token, body });
    expect(saved.status).toBe(200);
    expect(saved.body.flow.savedAt).toBeTruthy();
    const shown = await core.api("GET", `/flowbuilder/flow/${id}`, { token: w.admin.token });
    expect(shown.body.flow.flow.nodes.map((n: { type: string }) => n.type)).toEqual(["start", "menu", "question"]);
    expect(shown.body.flow.flow.connections).toEqual([
      { id: "e0", source: "1", target: menu.id, sourceHandle: null },
      { id: "e1", source: menu.id, target: question.id, sourceHandle: "option-1" },
    ]);
    // The duplicate carries the published snapshot.
    const copy = await core.api("POST", "/flowbuilder/duplicate", { token: w.admin.token, body: { flowId: id } });
    const copied = await core.api("GET", `/flowbuilder/flow/${copy.body.id}`, { token: w.admin.token });
    expect(copied.body.flow.flow).toEqual(shown.body.flow.flow);
  });

  it("refuses a half-drawn flow with the §5 texts and keeps the published one", async () => {
    const id = (await create(w.admin.token, "Validado")).body.id;
    const node = (type: string, data: unknown) => ({ id: "n".repeat(30), position: { x: 1, y: 1 }, type, data });
    const cases: [unknown[], unknown[], string, string][] = [
      [[start, node("interval", { sec: 0 })], [], "nodes.1.data.sec", "Adicione o valor de intervalo"],
      [[start, node("interval", { sec: 121 })], [], "nodes.1.data.sec", "Máximo de tempo atingido 120 segundos"],
      [[start, node("randomizer", { percent: 35 })], [], "nodes.1.data.percent", "Adicione o valor de intervalo"],
      [[start, node("ticket", {})], [], "nodes.1.data.queue", "Adicione uma fila"],
      [[start, node("message", { label: "  " })], [], "nodes.1.data.label", "Campos de mensagem vazio!"],
      [
        [start, node("question", { typebotIntegration: { message: "Nome?", answerKey: "" } })],
        [],
        "nodes.1.data.typebotIntegration.answerKey",
        "Obrigatório",
      ],
      [
        [
          start,
          node("singleBlock", {
            seq: ["message0", "img0"],
            elements: [
              { type: "message", number: 0, value: "Oi" },
              { type: "img", number: 0, value: "", original: "" },
            ],
          }),
        ],
        [],
        "nodes.1.data.elements.1.value",
        "Delete os cards vazios(Imagem, Audio e Video)",
      ],
      [
        [
          start,
          node("singleBlock", {
            seq: ["interval0"],
            elements: [{ type: "interval", number: 0, value: 0 }],
          }),
        ],
        [],
        "nodes.1.data.elements.0.value",
        "Intervalo não pode ser 0 ou maior que 120!",
      ],
      [[menu], [], "nodes", "O fluxo precisa de um único início"],
      [
        [start, menu],
        [{ source: menu.id, target: "1", sourceHandle: "option-1" }],
        "connections.0",
        "Conexão inválida",
      ],
      [[start, menu], [{ source: menu.id, target: "nope" }], "connections.0", "Conexão com um nó que não existe"],
      [
        [start, menu],
        [{ source: "1", target: menu.id, sourceHandle: "option-1" }],
        "connections.0.sourceHandle",
        "Saída inválida",
      ],
    ];
    for (const [nodes, connections, field, text] of cases) {
      const res = await core.api("POST", "/flowbuilder/flow", {
        token: w.admin.token,
        body: { idFlow: id, nodes, connections },
      });
      expect([res.status, res.body.fields?.[field]], field).toEqual([400, text]);
    }
    const shown = await core.api("GET", `/flowbuilder/flow/${id}`, { token: w.admin.token });
    expect(shown.body.flow.flow).toBeNull();
  });
});

describe("#flows.media", () => {
  const PNG = Buffer.from(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000" +
      "1f15c4890000000d49444154789c6300010000050001" +
      "0d0a2db40000000049454e44ae426082",
    "hex",
  );
  const OGG = Buffer.concat([Buffer.from("OggS"), Buffer.alloc(60)]);
  const upload = (url: string, files: [Buffer, string][], token = w.admin.token) => {
    const form = new FormData();
    for (const [bytes, name] of files) form.append("medias", new Blob([new Uint8Array(bytes)]), name);
    return fetch(`${core.url}${url}`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
  };
  const fileOf = (url: string) =>
    path.join(core.config.dataDir, "media", `company-${w.companyId}`, url.split("/").pop()!);

  it("stores an image, an audio and a content's files in the company's media and answers their names", async () => {
    const img = await upload("/flowbuilder/img", [[PNG, "a.png"]]);
    expect(img.status).toBe(200);
    const { name } = await img.json();
    expect(existsSync(fileOf(name))).toBe(true);
    const audio = await (await upload("/flowbuilder/audio", [[OGG, "voz.ogg"]])).json();
    expect(audio.name).toMatch(/\.ogg$/);
    const content = await (
      await upload("/flowbuilder/content", [
        [PNG, "a.png"],
        [OGG, "b.ogg"],
      ])
    ).json();
    expect(content.name).toHaveLength(2);
  });

  it("refuses a file of the wrong kind or over its size", async () => {
    const audioAsImage = await upload("/flowbuilder/img", [[OGG, "voz.ogg"]]);
    expect(audioAsImage.status).toBe(400);
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const tooBig = await upload("/flowbuilder/img", [[big, "grande.png"]]);
    expect(tooBig.status).toBe(400);
    expect((await tooBig.json()).message).toBe("Arquivo é muito grande! 2MB máximo");
    const agent = await upload("/flowbuilder/img", [[PNG, "a.png"]], w.agent.token);
    expect(agent.status).toBe(403);
  });
});

describe("#flows.isolation", () => {
  it("answers 404 ERR_NOT_FOUND to another company for every flow id, and its list leaves them out", async () => {
    const id = (await create(w.admin.token, "Segredo de fluxo")).body.id;
    for (const [method, url, body] of [
      ["PUT", "/flowbuilder", { flowId: id, name: "Invadido" }],
      ["POST", "/flowbuilder/duplicate", { flowId: id }],
      ["GET", `/flowbuilder/flow/${id}`, undefined],
      ["POST", "/flowbuilder/flow", { idFlow: id, nodes: [start], connections: [] }],
      ["DELETE", `/flowbuilder/${id}`, undefined],
    ] as const) {
      const res = await core.api(method, url, { token: w.otherAdmin.token, body });
      expect([res.status, res.body.error], `${method} ${url}`).toEqual([404, "ERR_NOT_FOUND"]);
    }
    const list = await core.api("GET", "/flowbuilder?searchParam=Segredo", { token: w.otherAdmin.token });
    expect(list.body.flows).toEqual([]);
    const own = await core.api("GET", `/flowbuilder/flow/${id}`, { token: w.admin.token });
    expect(own.body.flow).toMatchObject({ name: "Segredo de fluxo", flow: null });
  });
});
