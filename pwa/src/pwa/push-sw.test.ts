// The service worker's push handlers (pwa/public/push-sw.js) run in a sandbox with a
// stand-in `self`: what a push shows, and where a click on it leads.
import { readFileSync } from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { describe, expect, it } from "vitest";

const SCRIPT = readFileSync(path.resolve(import.meta.dirname, "../../public/push-sw.js"), "utf8");
const ORIGIN = "https://chat.example.com";

type FakeWindow = {
  url: string;
  focused: boolean;
  focus(): Promise<FakeWindow>;
  navigate(url: string): Promise<unknown>;
};

function worker(o: { windows?: FakeWindow[] } = {}) {
  const listeners = new Map<string, (event: unknown) => void>();
  const shown: { title: string; options: Record<string, unknown> }[] = [];
  const opened: string[] = [];
  const self = {
    location: new URL(`${ORIGIN}/sw.js`),
    addEventListener: (type: string, fn: (event: unknown) => void) => listeners.set(type, fn),
    registration: {
      showNotification: async (title: string, options: Record<string, unknown>) => {
        shown.push({ title, options });
      },
    },
    clients: {
      matchAll: async () => o.windows ?? [],
      openWindow: async (url: string) => {
        opened.push(url);
        return null;
      },
    },
  };
  vm.runInNewContext(SCRIPT, { self, URL, console });

  async function dispatch(type: string, event: Record<string, unknown>) {
    const waits: Promise<unknown>[] = [];
    listeners.get(type)?.({ ...event, waitUntil: (p: Promise<unknown>) => waits.push(p) });
    await Promise.all(waits);
  }
  return {
    shown,
    opened,
    push: (data: unknown) =>
      dispatch("push", {
        data:
          data === undefined
            ? null
            : {
                json: () => (typeof data === "string" ? JSON.parse(data) : data),
              },
      }),
    click: (url: unknown) => {
      const notification = { data: { url }, closed: false, close: () => (notification.closed = true) };
      return dispatch("notificationclick", { notification }).then(() => notification);
    },
  };
}

function tab(url: string, focused = false) {
  const w: FakeWindow & { navigated: string[] } = {
    url,
    focused,
    navigated: [],
    focus: async () => w,
    navigate: async (to: string) => {
      w.navigated.push(to);
      w.url = to;
      return w;
    },
  };
  return w;
}

const payload = {
  title: "Carla Contact",
  body: "Oi, o pedido chegou?",
  url: "/tickets/0190f5a8-1c2b-7d3e-8f40-123456789abc",
  tag: "ticket-0190f5a8-1c2b-7d3e-8f40-123456789abc",
};

describe("push-sw.js", () => {
  it("shows core's notification, one per ticket, carrying the ticket's address", async () => {
    const sw = worker();
    await sw.push(payload);
    expect(sw.shown).toEqual([
      {
        title: "Carla Contact",
        options: expect.objectContaining({
          body: "Oi, o pedido chegou?",
          tag: payload.tag,
          renotify: true,
          data: { url: `${ORIGIN}${payload.url}` },
        }),
      },
    ]);
  });

  it("still shows something for a push it cannot read, as browsers require", async () => {
    const sw = worker();
    await sw.push(undefined);
    await sw.push("not json");
    expect(sw.shown.map((n) => [n.title, n.options.data])).toEqual([
      ["Chat-flow", { url: `${ORIGIN}/tickets` }],
      ["Chat-flow", { url: `${ORIGIN}/tickets` }],
    ]);
  });

  it("stays quiet when the person is looking at that conversation", async () => {
    const sw = worker({ windows: [tab(`${ORIGIN}${payload.url}`, true)] });
    await sw.push(payload);
    expect(sw.shown).toEqual([]);
  });

  it("opens the ticket on a click: a new tab with the app closed, the open tab moved there otherwise", async () => {
    const closed = worker();
    const notification = await closed.click(`${ORIGIN}${payload.url}`);
    expect(notification.closed).toBe(true);
    expect(closed.opened).toEqual([`${ORIGIN}${payload.url}`]);

    const open = tab(`${ORIGIN}/tickets`);
    const running = worker({ windows: [tab("https://elsewhere.test/"), open] });
    await running.click(`${ORIGIN}${payload.url}`);
    expect(open.navigated).toEqual([`${ORIGIN}${payload.url}`]);
    expect(running.opened).toEqual([]);
  });

  it("never opens a page of another origin", async () => {
    const sw = worker();
    await sw.click("https://evil.test/phish");
    await sw.click("javascript:alert(1)");
    expect(sw.opened).toEqual([]);
  });
});
