// Web push in the service worker (decision 0031), imported by the one Workbox
// generates (vite.config.ts, workbox.importScripts): shows the notification core
// sent for a new message, even with the app closed, and on a click brings a tab of
// the app to that ticket (or opens one). Plain script: it runs as it is written.
// The payload is core's PushPayload (core/src/contract/push.ts): title, body, url, tag.

const FALLBACK_TITLE = "Chat-flow";
const ICON = "/icons/icon-192.png";

/** The payload, or null when it is missing or not ours. */
function readPayload(event) {
  try {
    const data = event.data ? event.data.json() : null;
    if (!data || typeof data.title !== "string") return null;
    return data;
  } catch {
    return null;
  }
}

/** Only a page of this app may be opened from a notification. */
function appUrl(url) {
  try {
    const target = new URL(url || "/tickets", self.location.origin);
    return target.origin === self.location.origin ? target.href : null;
  } catch {
    return null;
  }
}

async function showPush(payload) {
  const url = appUrl(payload?.url) ?? appUrl("/tickets");
  if (payload) {
    // Someone is looking at this very conversation: it is on their screen already.
    const windows = await self.clients.matchAll({ type: "window" });
    if (windows.some((w) => w.focused && w.url === url)) return;
  }
  // Chrome wants every push to show something (userVisibleOnly): an unreadable one still says "new".
  await self.registration.showNotification(payload?.title ?? FALLBACK_TITLE, {
    body: payload?.body ?? "",
    tag: payload?.tag ?? "chatflow",
    renotify: Boolean(payload?.tag),
    icon: ICON,
    badge: ICON,
    data: { url },
  });
}

async function openTicket(url) {
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const tab = windows.find((w) => new URL(w.url).origin === self.location.origin);
  const focused = tab ? await tab.focus().catch(() => null) : null;
  if (focused) {
    if (focused.url === url) return;
    // navigate() works on the tabs this worker controls (it answers null otherwise): then a new tab.
    const moved = await focused.navigate(url).catch(() => null);
    if (moved) return;
  }
  await self.clients.openWindow(url);
}

self.addEventListener("push", (event) => {
  event.waitUntil(showPush(readPayload(event)));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = appUrl(event.notification.data?.url);
  if (url) event.waitUntil(openTicket(url));
});
