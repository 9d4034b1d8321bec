// The flow builder co-edited live (issue 11), in chromium against the whole stack with a sync server behind
// core's /collab: two admins open one flow; one adds a menu node and connects it while the other moves the start
// node; each sees the other's change and pointer; one goes offline, edits, comes back, and both end with the
// same drawing; 'Salvar' stores the snapshot.

import AxeBuilder from "@axe-core/playwright";
import { forFile } from "@chatflow/core/testing/for-file.ts";
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browserStackForFile } from "../../test/browser-stack-for-file.ts";
import { ADMIN, signIn, until } from "./support.ts";

const world = browserStackForFile({ sync: true });
const SECOND = { email: "bruna.fluxos@example.com", password: "Segredo12", name: "Bruna" };
// Saves flows through the API as an integration would (a session of its own: signing ADMIN in again would end
// the editor's).
const INTEGRATION = { email: "integracao.fluxos@example.com", password: "Segredo12", name: "Integração" };

type Editor = { context: BrowserContext; page: Page };
const w = forFile(async () => {
  const url = world.stack.core.url;
  const { token } = (await (
    await fetch(`${url}/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(ADMIN),
    })
  ).json()) as { token: string };
  const post = (path: string, body: unknown) =>
    fetch(`${url}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
  expect((await post("/users", { ...SECOND, profile: "admin" })).status).toBe(201);
  expect((await post("/users", { ...INTEGRATION, profile: "admin" })).status).toBe(201);
  const flow = (await (await post("/flowbuilder", { name: "Atendimento" })).json()) as { id: number };
  const open = async (who: { email: string; password: string }): Promise<Editor> => {
    const context = await world.browser.newContext({ viewport: { width: 1366, height: 800 } });
    const page = await context.newPage();
    page.on("pageerror", (e) => console.error("page error:", e.message));
    await signIn(page, url, who);
    await page.goto(`${url}/flowbuilder/${flow.id}`);
    await page.locator('[data-testid="flow-editor"][data-synced="true"]').waitFor({ timeout: 20_000 });
    return { context, page };
  };
  const a = await open(ADMIN);
  const b = await open(SECOND);
  return { flowId: flow.id, a, b };
});

const node = (p: Page, selector: string) => p.locator(`.react-flow__node:has([data-testid="flow-node"]${selector})`);
const startOf = (p: Page) => node(p, '[data-node-type="start"]');
const nodeIds = (p: Page) =>
  p.$$eval("[data-testid=flow-node]", (els) => els.map((e) => e.getAttribute("data-node-id") ?? "").sort());
const transformOf = (p: Page) => startOf(p).evaluate((e) => (e as HTMLElement).style.transform);

async function center(p: Page, selector: string) {
  const box = await p.locator(selector).first().boundingBox();
  if (!box) throw new Error(`${selector} is not on screen`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

async function drag(p: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  await p.mouse.move(from.x, from.y);
  await p.mouse.down();
  await p.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 5 });
  await p.mouse.move(to.x, to.y, { steps: 5 });
  await p.mouse.up();
}

/** The serious and critical axe violations on the page, each with the start of its elements. */
async function seriousViolations(p: Page): Promise<string[]> {
  const axe = await new AxeBuilder({ page: p }).options({ resultTypes: ["violations"] }).analyze();
  return axe.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 160)).join(" | ")}`);
}

async function addNode(
  p: Page,
  entry: string,
  fill: (p: Page) => Promise<void>,
  beforeSave: () => Promise<void> = async () => {},
) {
  await p.getByTestId("flow-dial").click();
  await p.getByTestId(`flow-dial-${entry}`).click();
  await p.getByTestId("node-dialog").waitFor();
  await fill(p);
  await beforeSave();
  await p.getByTestId("node-save").click();
  await p.getByTestId("node-dialog").waitFor({ state: "detached" });
}

describe("flow builder co-editing", () => {
  it("two admins see each other's changes and pointers as they draw", { timeout: 120_000 }, async () => {
    const { a, b } = w;
    await startOf(a.page).waitFor();
    await startOf(b.page).waitFor();
    const before = await transformOf(a.page);

    // B moves the start node while A adds a menu node.
    const startCenter = await center(b.page, '.react-flow__node:has([data-node-type="start"]) .flow-node-header');
    const moving = drag(b.page, startCenter, { x: startCenter.x, y: startCenter.y + 160 });
    // B notes the moment the menu node appears on its canvas (an upper bound of the remote edit's delay: it
    // counts from just before A's click on 'Salvar' of the dialog).
    const seen = b.page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const found = () => document.querySelector('[data-testid="flow-node"][data-node-type="menu"]');
          const observer = new MutationObserver(() => {
            if (!found()) return;
            observer.disconnect();
            resolve(Date.now());
          });
          observer.observe(document.body, { childList: true, subtree: true });
        }),
    );
    let savedAt = 0;
    await addNode(
      a.page,
      "menu",
      async (p) => {
        await p.getByTestId("node-menu-message").fill("Escolha uma opção");
        await p.getByTestId("node-menu-option-1").fill("Vendas");
      },
      async () => {
        savedAt = await a.page.evaluate(() => Date.now());
      },
    );
    await moving;
    const delay = (await seen) - savedAt;
    console.log(`the menu node appeared at the other admin's canvas ${delay} ms after the click on 'Salvar'`);
    await until("the start node moved at A", async () => (await transformOf(a.page)) !== before);

    // A connects the start node to the menu: the edge shows at B.
    const out = await center(a.page, '.react-flow__node:has([data-node-type="start"]) .react-flow__handle.source');
    const into = await center(a.page, '.react-flow__node:has([data-node-type="menu"]) .react-flow__handle.target');
    await drag(a.page, out, into);
    await until("the edge at A", async () => (await a.page.locator(".react-flow__edge").count()) === 1);
    await until("the edge at B", async () => (await b.page.locator(".react-flow__edge").count()) === 1);

    // Pointers: each sees the other's, named.
    const canvasA = await center(a.page, ".flow-canvas");
    await a.page.mouse.move(canvasA.x + 100, canvasA.y + 50, { steps: 3 });
    const canvasB = await center(b.page, ".flow-canvas");
    await b.page.mouse.move(canvasB.x - 80, canvasB.y + 20, { steps: 3 });
    await b.page.locator('[data-testid="flow-remote-cursor"]').first().waitFor();
    await a.page.locator('[data-testid="flow-remote-cursor"][data-user="Bruna"]').waitFor();
    // A selection shows on the other's canvas with the selector's name.
    await node(a.page, '[data-node-type="menu"]').locator(".flow-node-type").click();
    await node(b.page, '[data-node-type="menu"]').getByTestId("flow-node-remote").waitFor();

    // The editor as it stands (an edge, the other's pointer and selection) has no serious or critical axe
    // violation (issue 21 found role-img-alt on it).
    expect(await seriousViolations(b.page)).toEqual([]);
  });

  it("an admin who goes offline keeps editing; on reconnecting both end with the same flow", {
    timeout: 120_000,
  }, async () => {
    const { a, b } = w;
    await b.context.setOffline(true);
    await b.page.getByTestId("flow-editor-status").waitFor();
    await addNode(b.page, "interval", async (p) => {
      await p.getByTestId("node-seconds").fill("5");
    });
    await addNode(a.page, "question", async (p) => {
      await p.getByTestId("node-question-message").fill("Qual o seu nome?");
      await p.getByTestId("node-question-key").fill("nome");
    });
    expect(await node(a.page, '[data-node-type="interval"]').count()).toBe(0);
    await b.context.setOffline(false);
    await until("both drawings equal with four nodes", async () => {
      const [x, y] = [await nodeIds(a.page), await nodeIds(b.page)];
      return x.length === 4 && JSON.stringify(x) === JSON.stringify(y);
    });
    // The 'variables' list follows the question nodes on both devices.
    expect(await b.page.evaluate(() => localStorage.getItem("variables"))).toBe('["nome"]');
  });

  it("'Salvar' stores the validated snapshot", { timeout: 60_000 }, async () => {
    const { a, flowId } = w;
    await a.page.getByTestId("flow-save").click();
    await a.page.getByText("Fluxo salvo com sucesso").waitFor();
    const { rows } = await world.stack.core.db.pool.query<{
      flow: { nodes: { type: string }[]; connections: unknown[] };
    }>("SELECT flow FROM flows WHERE company_id = 1 AND id = $1", [flowId]);
    expect(rows[0]!.flow.nodes.map((n) => n.type).sort()).toEqual(["interval", "menu", "question", "start"]);
    expect(rows[0]!.flow.connections).toHaveLength(1);
    // The drawing itself is stored by the sync server, merged, in documents.
    await until("the drawing stored", async () => {
      const doc = await world.stack.core.db.pool.query("SELECT 1 FROM documents WHERE company_id = 1 AND name = $1", [
        `company/1/flow/${flowId}`,
      ]);
      return doc.rowCount === 1;
    });
  });

  it("a flow saved through the API is drawn in both editors; the editor says when what runs differs", {
    timeout: 60_000,
  }, async () => {
    const { a, b, flowId } = w;
    const url = world.stack.core.url;
    await a.page.getByTestId("flow-save").click();
    await a.page.getByText("Fluxo salvo com sucesso").waitFor();
    await until(
      "no unpublished changes after 'Salvar'",
      async () => (await a.page.getByTestId("flow-unpublished").count()) === 0,
    );
    const login = await fetch(`${url}/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: INTEGRATION.email, password: INTEGRATION.password }),
    });
    const { token } = (await login.json()) as { token: string };
    const shown = (await (
      await fetch(`${url}/flowbuilder/flow/${flowId}`, { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as { flow: { flow: { nodes: { id: string; position: { x: number; y: number } }[]; connections: [] } } };
    // Below the start node, so it is on screen.
    const start = shown.flow.flow.nodes.find((n) => n.id === "1")!.position;
    // An integration adds a message node through the API (issue 26): both open editors draw it, and what runs is
    // what is drawn.
    const saved = await fetch(`${url}/flowbuilder/flow`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
      body: JSON.stringify({
        idFlow: flowId,
        nodes: [
          ...shown.flow.flow.nodes,
          {
            id: "viaApi",
            type: "message",
            position: { x: start.x, y: start.y + 140 },
            data: { label: "Vindo da API" },
          },
        ],
        connections: shown.flow.flow.connections,
      }),
    });
    expect(saved.status).toBe(200);
    for (const p of [a.page, b.page]) {
      await until("the API's node drawn", async () => (await nodeIds(p)).includes("viaApi"));
    }
    await until("what runs is what is drawn", async () => (await a.page.getByTestId("flow-unpublished").count()) === 0);
    // A change drawn and not published says so, in each editor, until 'Salvar'.
    const apiNode = node(a.page, '[data-node-id="viaApi"]');
    await apiNode.hover();
    await apiNode.getByTestId("flow-node-delete").click();
    for (const p of [a.page, b.page]) await p.getByTestId("flow-unpublished").waitFor();
    expect(await a.page.getByTestId("flow-unpublished").textContent()).toBe("Alterações não publicadas");
    // The header with it on a phone and a desk: nothing past the right edge, no serious axe violation.
    for (const [width, height] of [
      [360, 740],
      [390, 844],
      [1366, 800],
    ] as const) {
      await a.page.setViewportSize({ width, height });
      await a.page.getByTestId("flow-unpublished").waitFor();
      await a.page.screenshot({ path: `/tmp/h26-flow-unpublished-${width}.png` });
      const badge = await a.page.getByTestId("flow-unpublished").boundingBox();
      expect(badge!.x + badge!.width).toBeLessThanOrEqual(width);
      expect(await a.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(await seriousViolations(a.page)).toEqual([]);
    }
    await a.page.getByTestId("flow-save").click();
    for (const p of [a.page, b.page]) {
      await until("published again", async () => (await p.getByTestId("flow-unpublished").count()) === 0);
    }
  });

  it("the list searches, adds, renames and turns off, duplicates and deletes after confirming", {
    timeout: 90_000,
  }, async () => {
    const { page } = w.a;
    await page.goto(`${world.stack.core.url}/flowbuilders`);
    await page.getByTestId("flow-row").filter({ hasText: "Atendimento" }).getByText("Ativo").waitFor();

    await page.getByTestId("flows-add").click();
    await page.getByTestId("flow-name").fill("A");
    await page.getByTestId("flow-name-save").click();
    await page.getByText("Muito curto!").waitFor();
    await page.getByTestId("flow-name").fill("Campanha de Natal");
    await page.getByTestId("flow-name-save").click();
    await page.getByText("Fluxo criado com sucesso").waitFor();
    const row = (name: string) => page.getByTestId("flow-row").filter({ hasText: name });
    await row("Campanha de Natal").waitFor();

    // A new search starts again from page 1 and shows only the matches.
    await page.getByTestId("flows-search").fill("natal");
    await until("only the match listed", async () => (await page.getByTestId("flow-row").count()) === 1);

    // The list reloads after each change: a menu opened while its row is replaced closes with it, so open again.
    // The item's click is retried with the opening: a reload between the two takes the menu away again.
    const menu = async (name: string, entry: string) => {
      const item = page.getByRole("menuitem", { name: entry });
      await until(`the menu of ${name}`, async () => {
        if (!(await item.isVisible()))
          await row(name)
            .getByTestId("flow-menu")
            .click({ timeout: 2000 })
            .catch(() => {});
        return item
          .click({ timeout: 2000 })
          .then(() => true)
          .catch(() => false);
      });
    };
    await menu("Campanha de Natal", "Editar nome");
    await page.getByTestId("flow-name").fill("Natal 2026");
    await page.getByTestId("flow-active").click();
    await page.getByTestId("flow-name-save").click();
    await page.getByTestId("flows-search").fill("");
    await row("Natal 2026").getByText("Desativado").waitFor();

    await menu("Natal 2026", "Duplicar");
    await page.getByText("Fluxo duplicado com sucesso").waitFor();
    await row("Natal 2026 - cópia").waitFor();

    await menu("Natal 2026 - cópia", "Excluir");
    await page.getByTestId("flow-delete-confirm").getByRole("button", { name: "Excluir" }).click();
    await page.getByText("Fluxo excluído com sucesso").waitFor();
    await row("Natal 2026 - cópia").waitFor({ state: "detached" });
    const { rows } = await world.stack.core.db.pool.query<{ name: string; active: boolean }>(
      "SELECT name, active FROM flows WHERE company_id = 1 ORDER BY id",
    );
    expect(rows).toEqual([
      { name: "Atendimento", active: true },
      { name: "Natal 2026", active: false },
    ]);

    // 'Editar fluxo' opens the editor.
    await menu("Atendimento", "Editar fluxo");
    await page.waitForURL(new RegExp(`/flowbuilder/${w.flowId}$`));
    await page.locator('[data-testid="flow-node"][data-node-type="menu"]').waitFor();
    await page.locator('[data-testid="flow-editor"][data-synced="true"]').waitFor();

    // Delete on the keyboard removes the selected node and the edge into it (spec 2 §2, §4).
    expect(await page.locator(".react-flow__edge").count()).toBe(1);
    await node(page, '[data-node-type="menu"]').locator(".flow-node-type").click();
    await page.keyboard.press("Delete");
    await node(page, '[data-node-type="menu"]').waitFor({ state: "detached" });
    await until("the edge gone with it", async () => (await page.locator(".react-flow__edge").count()) === 0);
    await node(w.b.page, '[data-node-type="menu"]').waitFor({ state: "detached" });
  });

  it("a deleted flow opens as 'Fluxo não encontrado' and the device forgets its drawing", {
    timeout: 90_000,
  }, async () => {
    const { page } = w.a;
    const url = world.stack.core.url;
    const token = await page.evaluate(() => localStorage.getItem("token") ?? sessionStorage.getItem("token"));
    const call = (method: string, path: string, body?: unknown) =>
      page.evaluate(
        async ({ method, path, body, token }) =>
          (
            await fetch(path, {
              method,
              headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
              body: body === undefined ? undefined : JSON.stringify(body),
            })
          ).status,
        { method, path, body, token },
      );
    const created = await page.evaluate(
      async ({ token }) =>
        (
          await (
            await fetch("/flowbuilder", {
              method: "POST",
              headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
              body: JSON.stringify({ name: "Fluxo de curta duração" }),
            })
          ).json()
        ).id as number,
      { token },
    );
    // Drawn on this device, so its copy is kept in IndexedDB.
    await page.goto(`${url}/flowbuilder/${created}`);
    await page.locator('[data-testid="flow-editor"][data-synced="true"]').waitFor();
    await startOf(page).waitFor();
    const copyName = `company/1/flow/${created}`;
    const databases = () => page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name ?? ""));
    await until("the device's copy", async () => (await databases()).includes(copyName));

    // Another admin deletes it; this editor is opened again (a bookmark, the back button).
    await page.goto(`${url}/flowbuilders`);
    expect(await call("DELETE", `/flowbuilder/${created}`)).toBe(200);
    await page.goto(`${url}/flowbuilder/${created}`);
    await page.getByTestId("flow-missing").getByText("Fluxo não encontrado").waitFor();
    expect(await page.getByTestId("flow-editor").count()).toBe(0);
    await until("the device's copy forgotten", async () => !(await databases()).includes(copyName));
    expect(
      (await world.stack.core.db.pool.query("SELECT 1 FROM documents WHERE name = $1", [copyName])).rows,
    ).toHaveLength(0);
    // A made-up id reads the same, and 'Voltar aos fluxos' leads to the list.
    await page.goto(`${url}/flowbuilder/999999`);
    await page.getByTestId("flow-missing").waitFor();
    await page.getByTestId("flow-missing-back").click();
    await page.waitForURL(/\/flowbuilders$/);
    // The next tests draw on the first flow again.
    await page.goto(`${url}/flowbuilder/${w.flowId}`);
    await page.locator('[data-testid="flow-editor"][data-synced="true"]').waitFor();
  });

  it("a content node takes a message and an uploaded image; empty media cards block it", {
    timeout: 90_000,
  }, async () => {
    const { page } = w.a;
    await page.locator('[data-testid="flow-editor"][data-synced="true"]').waitFor();
    await page.getByTestId("flow-dial").click();
    await page.getByTestId("flow-dial-content").click();
    const dialog = page.getByTestId("node-dialog");
    await page.getByTestId("content-add-message").click();
    await page.getByTestId("content-message").fill("Olá {{nome}}!");
    await dialog.getByRole("button", { name: "Video" }).click();
    await page.getByTestId("node-save").click();
    await dialog.getByText("Delete os cards vazios(Imagem, Audio e Video)").waitFor();
    // The empty video card removed, an image card filled through the upload.
    await page.getByTestId("content-card").nth(1).getByRole("button", { name: "Remover" }).click();
    await dialog.getByRole("button", { name: "Imagem" }).click();
    const upload = async (buffer: Buffer) => {
      const chooser = page.waitForEvent("filechooser");
      await page.getByTestId("content-card").nth(1).getByRole("button", { name: "Escolher arquivo" }).click();
      await (await chooser).setFiles({ name: "banner.png", mimeType: "image/png", buffer });
    };
    // A PNG the browser cannot decode fails its compression: the spec's 'erro' (spec 2 §8), nothing uploaded.
    await upload(BROKEN_PNG);
    await page.getByText("erro", { exact: true }).waitFor();
    // A real picture, drawn by the browser.
    const bytes = await page.evaluate(async () => {
      const canvas = new OffscreenCanvas(8, 8);
      const context = canvas.getContext("2d")!;
      context.fillStyle = "#3366ff";
      context.fillRect(0, 0, 8, 8);
      return Array.from(new Uint8Array(await (await canvas.convertToBlob({ type: "image/png" })).arrayBuffer()));
    });
    await upload(Buffer.from(bytes));
    await page.getByText("Imagem adicionada com sucesso!").waitFor();
    await dialog.getByText("Arquivo: banner.png").waitFor();
    await page.getByTestId("node-save").click();
    await page.getByText("Conteúdo adicionada com sucesso!").waitFor();
    await node(page, '[data-node-type="singleBlock"]').waitFor();
    // After its dialogs opened and closed, neither editor has a serious axe violation; the other one sees this
    // one's selection named in their colour (white text on the admin's green failed color-contrast).
    expect(await seriousViolations(page)).toEqual([]);
    await node(page, '[data-node-type="singleBlock"]').locator(".flow-node-type").click();
    await node(w.b.page, '[data-node-type="singleBlock"]').getByTestId("flow-node-remote").waitFor();
    expect(await seriousViolations(w.b.page)).toEqual([]);

    await page.getByTestId("flow-save").click();
    await page.getByText("Fluxo salvo com sucesso").waitFor();
    const { rows } = await world.stack.core.db.pool.query<{
      flow: { nodes: { type: string; data: { seq: string[]; elements: { type: string; value: string }[] } }[] };
    }>("SELECT flow FROM flows WHERE company_id = 1 AND id = $1", [w.flowId]);
    const content = rows[0]!.flow.nodes.find((n) => n.type === "singleBlock")!;
    expect(content.data.seq).toEqual(["message0", "img0"]);
    expect(content.data.elements[0]).toMatchObject({ type: "message", value: "Olá {{nome}}!" });
    // Compressed to JPEG in the browser, stored in the company's media.
    expect(content.data.elements[1]!.value).toMatch(/^\/media\/1\/.+\.jpg$/);
  });
});

// A PNG signature and header with a damaged image: enough for a type check, not for a decoder.
const BROKEN_PNG = Buffer.from(
  "89504e470d0a1a0a0000000d4948445200000001000000010806000000" +
    "1f15c4890000000d49444154789c6300010000050001" +
    "0d0a2db40000000049454e44ae426082",
  "hex",
);
