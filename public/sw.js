/* The marketplace's service worker: the app shell opens offline; data always comes from the network.
 *
 * - Navigations: network first; offline, the cached index.html (the client router then shows the
 *   screen, and its data calls report that the app is offline).
 * - /assets/* (content-hashed by Vite): cache first, kept forever under their unique names.
 * - Other static files of the app (icons, manifest, favicon): served from cache, refreshed in the background.
 * - /api/, /auth/, /uploads/ and /healthz are never intercepted or cached; nor are images from another
 *   origin (S3_PUBLIC_URL, a CDN): uploads are immutable, so the browser's HTTP cache keeps them a year.
 */
const SHELL_CACHE = 'marketplace-shell-v1';
const ASSET_CACHE = 'marketplace-assets-v1';
const KNOWN_CACHES = [SHELL_CACHE, ASSET_CACHE];
const SHELL_FILES = ['/index.html', '/manifest.webmanifest', '/favicon.svg', '/icons/icon-192.png', '/icons/icon-512.png'];
const BYPASS = /^\/(api|auth|uploads)(\/|$)|^\/healthz$|^\/sw\.js$/;

/** The hashed assets named by the shell, its entry script and the chunks they name (lazy screens too), so every screen opens offline. */
async function precacheAssets(indexHtml) {
  const cache = await caches.open(ASSET_CACHE);
  const found = new Set(indexHtml.match(/\/assets\/[\w.-]+\.(?:js|css)/g) ?? []);
  const entries = [...found].filter((url) => url.endsWith('.js'));
  for (const entry of entries) {
    try {
      const cached = await cache.match(entry);
      const response = cached ?? (await fetch(entry));
      if (!response.ok) continue;
      const text = await response.clone().text();
      if (!cached) await cache.put(entry, response);
      for (const name of text.match(/assets\/[\w.-]+\.(?:js|css)/g) ?? []) found.add(`/${name}`);
    } catch {
      // Offline while installing: the assets are cached as they are used instead.
    }
  }
  // A few at a time, so precaching never crowds out the page's own requests.
  const queue = [...found];
  const worker = async () => {
    for (let url = queue.shift(); url; url = queue.shift()) {
      try {
        const cached = await cache.match(url);
        const response = cached ?? (await fetch(url));
        if (!response.ok) continue;
        // A chunk that loads screens by name (back-office-screens.js) names their files: those are kept too.
        if (url.endsWith('.js')) {
          for (const name of (await response.clone().text()).match(/assets\/[\w.-]+\.(?:js|css)/g) ?? []) {
            if (!found.has(`/${name}`)) {
              found.add(`/${name}`);
              queue.push(`/${name}`);
            }
          }
        }
        if (!cached) await cache.put(url, response);
      } catch {
        // Same as above.
      }
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL_CACHE);
      // 'reload' skips the HTTP cache, so a new worker never stores an index.html older than itself.
      await cache.addAll(SHELL_FILES.map((url) => new Request(url, { cache: 'reload' })));
      const index = await cache.match('/index.html');
      if (index) await precacheAssets(await index.text());
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (!KNOWN_CACHES.includes(name)) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

async function refreshShell() {
  try {
    const response = await fetch('/index.html', { cache: 'no-cache' });
    if (response.ok) {
      const cache = await caches.open(SHELL_CACHE);
      await cache.put('/index.html', response.clone());
      await precacheAssets(await response.text());
    }
  } catch {
    // Offline: keep the shell we have.
  }
}

async function navigate(event) {
  try {
    const response = await fetch(event.request);
    event.waitUntil(refreshShell());
    return response;
  } catch {
    const cached = await caches.match('/index.html', { cacheName: SHELL_CACHE });
    return cached ?? new Response('You are offline.', { status: 503, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(ASSET_CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

async function staleWhileRevalidate(event) {
  const cache = await caches.open(SHELL_CACHE);
  const cached = await cache.match(event.request);
  const network = fetch(event.request)
    .then(async (response) => {
      if (response.ok) await cache.put(event.request, response.clone());
      return response;
    })
    .catch(() => undefined);
  if (cached) {
    event.waitUntil(network);
    return cached;
  }
  return (await network) ?? new Response('', { status: 504 });
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || BYPASS.test(url.pathname)) return;
  if (request.mode === 'navigate') {
    event.respondWith(navigate(event));
  } else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirst(request));
  } else if (SHELL_FILES.includes(url.pathname) || url.pathname.startsWith('/icons/')) {
    event.respondWith(staleWhileRevalidate(event));
  }
});
