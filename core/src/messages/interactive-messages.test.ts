import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { v7 as uuidv7 } from "uuid";
import { describe, expect, it } from "vitest";
import { normalizePixPhone } from "../contract/messages.ts";
import { companyMediaDir } from "../media/media-store.ts";
import { buildInbox } from "../testing/messages-factories.ts";
import { coreForFile, forFile } from "../testing/test-world.ts";

const core = coreForFile();
const s = forFile(() => buildInbox(core));
const other = forFile(() => buildInbox(core));

const post = (url: string, body: unknown, token = s.adminToken) => core.api("POST", url, { token, body });

const stored = async (id: string) =>
  (await core.db.pool.query("SELECT body, media_type, data_json, send_state FROM messages WHERE id = $1", [id]))
    .rows[0];

const count = async (ticketId: number) =>
  (await core.db.pool.query("SELECT count(*)::int AS n FROM messages WHERE ticket_id = $1", [ticketId])).rows[0].n;

describe("#messages.interactive", () => {
  it("sends a list message with its sections in dataJson, queued for the channel", async () => {
    const res = await post(`/messages/lista/${s.ticket.id}`, {
      title: "Menu\n",
      text: "Escolha uma opção\n",
      buttonText: "Clique aqui",
      sections: [
        {
          title: "Menu",
          rows: [
            { title: "Boleto", rowId: "1" },
            { title: "Suporte", rowId: 2 },
          ],
        },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ mediaType: "listMessage", body: "Menu\nEscolha uma opção" });
    expect(await stored(res.body.id)).toMatchObject({
      send_state: "queued",
      data_json: {
        type: "list",
        title: "Menu",
        buttonText: "Clique aqui",
        sections: [
          {
            title: "Menu",
            rows: [
              { title: "Boleto", rowId: "1" },
              { title: "Suporte", rowId: "2" },
            ],
          },
        ],
      },
    });
  });

  it("requires a title on a list ('Por favor, selecione um título.') and a numeric ticket id ('ID do Ticket inválido.')", async () => {
    const before = await count(s.ticket.id);
    const noTitle = await post(`/messages/lista/${s.ticket.id}`, { text: "x", sections: [{ rows: [{ title: "a" }] }] });
    expect(noTitle.status).toBe(400);
    expect(noTitle.body.fields.title).toBe("Por favor, selecione um título.");
    for (const kind of ["lista", "copy", "call", "URL", "PIX"]) {
      const res = await post(`/messages/${kind}/undefined`, { title: "x" });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("ID do Ticket inválido.");
    }
    expect(await count(s.ticket.id)).toBe(before);
  });

  it("sends a PIX request, giving a PHONE key the +55 prefix when missing", async () => {
    const res = await post(`/messages/PIX/${s.ticket.id}`, {
      title: "Pedido 42",
      sendvalue: "10,50",
      sendkey_type: "PHONE",
      sendmerchant_name: "Loja",
      sendKey: "(11) 98888-7777",
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ mediaType: "interactiveMessage", body: "Pedido 42\nPIX R$ 10,50" });
    expect((await stored(res.body.id)).data_json).toMatchObject({
      type: "pix",
      value: 10.5,
      currency: "BRL",
      keyType: "PHONE",
      key: "+5511988887777",
      merchantName: "Loja",
    });
    const kept = await post(`/messages/PIX/${s.ticket.id}`, {
      title: "x",
      sendvalue: 1,
      sendkey_type: "PHONE",
      sendKey: "+5511988887777",
    });
    expect((await stored(kept.body.id)).data_json.key).toBe("+5511988887777");
    const badKey = await post(`/messages/PIX/${s.ticket.id}`, { sendvalue: 1, sendkey_type: "CPF", sendKey: "123" });
    expect(badKey.status).toBe(400);
    const badType = await post(`/messages/PIX/${s.ticket.id}`, { sendvalue: 1, sendkey_type: "IBAN", sendKey: "x" });
    expect(badType.status).toBe(400);
  });

  it("sends copy-code, call-me and URL buttons; a header image is stored in the company's media", async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 9, 9]);
    const copy = await post(`/messages/copy/${s.ticket.id}`, {
      title: "Seu cupom",
      description: "Válido hoje",
      buttonText: "Copiar",
      copyText: "CUPOM10",
      image: png.toString("base64"),
    });
    expect(copy.status).toBe(200);
    const copyData = (await stored(copy.body.id)).data_json;
    expect(copyData).toMatchObject({ type: "copy", copyCode: "CUPOM10", buttonText: "Copiar" });
    expect(copyData.imageUrl).toMatch(new RegExp(`^/media/${s.company.id}/.+-header\\.png$`));
    const file = path.join(companyMediaDir(core.config.dataDir, s.company.id), copyData.imageUrl.split("/").pop());
    expect(await readFile(file)).toEqual(png);

    const call = await post(`/messages/call/${s.ticket.id}`, {
      title: "Ligue",
      buttonText: "Ligar",
      copyText: "+55 11 3333-4444",
    });
    expect((await stored(call.body.id)).data_json).toMatchObject({ type: "call", phoneNumber: "551133334444" });

    const url = await post(`/messages/URL/${s.ticket.id}`, {
      title: "Site",
      buttonText: "Abrir",
      copyText: "https://example.com/a",
    });
    expect((await stored(url.body.id)).data_json).toMatchObject({
      type: "url",
      url: "https://example.com/a",
      imageUrl: null,
    });

    const badUrl = await post(`/messages/URL/${s.ticket.id}`, { copyText: "javascript:alert(1)" });
    expect(badUrl.status).toBe(400);
    expect(badUrl.body.fields.copyText).toBe("Nenhum link disponível.");
    const badImage = await post(`/messages/copy/${s.ticket.id}`, {
      copyText: "x",
      image: Buffer.from("<svg/>").toString("base64"),
    });
    expect(badImage.status).toBe(400);
  });

  it("stores a send under the client's id once: a retry answers the same message and keeps one header image", async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 7, 7]);
    const id = uuidv7();
    const body = {
      id,
      title: "Oferta",
      buttonText: "Abrir",
      copyText: "https://example.com/o",
      image: png.toString("base64"),
    };
    const before = await count(s.ticket.id);
    const mediaDir = companyMediaDir(core.config.dataDir, s.company.id);
    const headers = async () => (await readdir(mediaDir)).filter((f) => f.endsWith("-header.png")).length;
    const headersBefore = await headers();
    const first = await post(`/messages/URL/${s.ticket.id}`, body);
    expect(first.status).toBe(200);
    expect(first.body.id).toBe(id);
    const again = await post(`/messages/URL/${s.ticket.id}`, body);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(id);
    expect(again.body.dataJson.imageUrl).toBe(first.body.dataJson.imageUrl);
    expect(await count(s.ticket.id)).toBe(before + 1);
    expect(await headers()).toBe(headersBefore + 1);

    // The same id for another message, or a malformed id: refused, nothing stored, no image left behind.
    const reused = await post(`/messages/copy/${s.ticket.id}`, {
      id,
      copyText: "CUPOM",
      image: png.toString("base64"),
    });
    expect(reused.status).toBe(409);
    expect(reused.body.error).toBe("ERR_CREATING_MESSAGE");
    const bad = await post(`/messages/copy/${s.ticket.id}`, { id: "1; DROP TABLE", copyText: "CUPOM" });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("ERR_VALIDATION");
    expect(await count(s.ticket.id)).toBe(before + 1);
    expect(await headers()).toBe(headersBefore + 1);
  });

  it("answers 404 for another company's ticket and sends nothing", async () => {
    const res = await post(`/messages/copy/${other.ticket.id}`, { copyText: "x" });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe("ERR_NO_TICKET_FOUND");
    expect(await count(other.ticket.id)).toBe(0);
  });
});

describe("normalizePixPhone", () => {
  it("adds +55 to national numbers and keeps numbers that already carry a country code", () => {
    expect(normalizePixPhone("11988887777")).toBe("+5511988887777");
    expect(normalizePixPhone("5511988887777")).toBe("+5511988887777");
    expect(normalizePixPhone("+55 11 98888-7777")).toBe("+5511988887777");
    expect(normalizePixPhone("55999999999")).toBe("+5555999999999");
  });
});
