/// <reference lib="webworker" />
// Web push in the service worker (decisions 046, 054): a push shows its notification (one per tag,
// so a conversation's pushes replace each other), and a click focuses an open SkillSwap tab on the
// page it names, or opens one. Only pages of this site are ever opened.
import { notificationFor, readPayload, targetUrl, windowFor } from "./notification-rules";

declare const self: ServiceWorkerGlobalScope;

self.addEventListener("push", (event) => {
  const payload = event.data ? readPayload(() => event.data!.text()) : null;
  const { title, options } = notificationFor(payload, self.location.origin);
  event.waitUntil(self.registration.showNotification(title, options));
});

async function open(target: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const chosen = windowFor(windows, target, self.location.origin);
  if (!chosen) {
    await self.clients.openWindow(target);
    return;
  }
  // A tab this worker does not control cannot be navigated by it: a new one opens instead.
  const there = chosen.url === target ? chosen : await chosen.navigate(target).catch(() => null);
  if (!there) {
    await self.clients.openWindow(target);
    return;
  }
  // Focusing needs the click's user activation; the tab is on the page either way.
  await there.focus().catch(() => undefined);
}

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = (event.notification.data as { url?: unknown } | null)?.url;
  event.waitUntil(open(targetUrl(url, self.location.origin)));
});
