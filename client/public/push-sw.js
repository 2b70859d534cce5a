// Web Push in the service worker (docs/adr/0031-web-push.md), pulled into the generated worker
// by workbox.importScripts (client/vite.config.ts), so precaching stays Workbox's own. The
// server words each push in the user's language: { title, body, url, tag } (pushPayloadSchema).

const FALLBACK_URL = '/messages';

/** The push's notification; one that cannot be read still tells the user something came (the inbox has it). */
function readPush(data) {
  try {
    const push = data ? data.json() : null;
    if (push && typeof push.title === 'string' && typeof push.body === 'string') {
      const url = typeof push.url === 'string' && push.url.startsWith('/') ? push.url : FALLBACK_URL;
      return {
        title: push.title,
        body: push.body,
        tag: typeof push.tag === 'string' ? push.tag : undefined,
        url,
      };
    }
  } catch {
    // Not JSON: fall through to the plain notice below.
  }
  return { title: 'Bourse', body: '', tag: undefined, url: FALLBACK_URL };
}

self.addEventListener('push', (event) => {
  const push = readPush(event.data);
  event.waitUntil(
    self.registration.showNotification(push.title, {
      body: push.body,
      tag: push.tag,
      icon: '/www/icons/icon-192.png',
      data: { url: push.url },
    }),
  );
});

/** Opens `target` in the app's open window if there is one, else in a new window. */
async function openTarget(target) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
  // navigate() works on the windows this worker controls; for another, a new window opens.
  const moved = open ? await open.navigate(target).catch(() => null) : null;
  if (moved) {
    // Focus needs the tap's user activation; without it the window is moved all the same.
    await moved.focus().catch(() => undefined);
    return;
  }
  await self.clients.openWindow(target);
}

/** A tap opens the push's page. */
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url ?? FALLBACK_URL, self.location.origin).href;
  event.waitUntil(openTarget(target));
});
