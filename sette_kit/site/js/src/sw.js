// The static site's service worker (issue 29): a reload, or a lesson opened anew,
// downloads nothing but its page.
//
// Every file whose address names its content - Pyodide's core under pyodide/<hash>/,
// the wheels under wheels/<hash>/, the bundled scripts and styles assets/*-<HASH>.* -
// is answered from Cache Storage once fetched, and fetched once: a new build has new
// addresses, so it never gets a stale file.  Everything else (the pages, this file,
// JupyterLite's lite/, which has its own service worker) goes to the network as usual.
const CACHE = 'sette-kit-site-v1';
const ADDRESSED = /\/(pyodide|wheels)\/[0-9a-f]{12}\/[^/]+$|\/assets\/[^/]+-[A-Z0-9]{8}\.[a-z0-9]+$/;

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

function addressed(href) {
  const url = new URL(href, self.location.href);
  return url.origin === self.location.origin && ADDRESSED.test(url.pathname) ? url.origin + url.pathname : null;
}

// the page's files fetched before this worker took over (on a first visit): keep them too
async function keep(urls) {
  const cache = await caches.open(CACHE);
  for (const href of urls) {
    const key = addressed(href);
    if (!key || (await cache.match(key))) continue;
    const response = await fetch(key);
    if (response.ok && response.status === 200) await cache.put(key, response);
  }
}

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'keep' && Array.isArray(event.data.urls)) {
    event.waitUntil(keep(event.data.urls));
  }
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const key = addressed(request.url);
  if (!key) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const hit = await cache.match(key);
    if (hit) return hit;
    const response = await fetch(request);
    if (response.ok && response.status === 200) {
      event.waitUntil(cache.put(key, response.clone()));
    }
    return response;
  })());
});
