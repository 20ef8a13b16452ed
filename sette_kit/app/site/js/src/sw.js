// The static site's service worker (issue 29): a reload, or a lesson opened anew,
// downloads nothing but its page.
//
// Every file whose address names its content - Pyodide's core under pyodide/<hash>/,
// the wheels under wheels/<hash>/, the bundled scripts and styles assets/*-<HASH>.* -
// is answered from Cache Storage once fetched, and fetched once: a new build has new
// addresses, so it never gets a stale file.  The build writes its manifest
// (manifest.json: the build's id and every content-addressed file) into the first line
// of this file, `self.skManifest = {...}`, so each build's service worker differs from
// the last one's: the browser installs the new one, and when it takes over it deletes
// every kept file the new build no longer has (and the old builds' memory snapshots).
// The pages are always asked of the server again (a 304 costs nothing), never taken
// from the browser's HTTP cache unchecked: a bookmark of a rebuilt site gets the new page.
// Everything else (this file, JupyterLite's lite/, which has its own service worker)
// goes to the network as usual.
const CACHE = 'sette-kit-site-v1';
const SNAPSHOTS = 'sette-kit-snapshots-v1'; // worker.js keeps Pyodide's memory snapshots here
const OLD_CACHES = /^sette-kit-site-/;
const ADDRESSED = /\/(pyodide|wheels)\/[0-9a-f]{12}\/[^/]+$|\/assets\/[^/]+-[A-Z0-9]{8}\.[a-z0-9]+$/;
const MANIFEST = self.skManifest || null;

function here(path) {
  return new URL(path, self.location.href).href;
}

// the content-addressed files of this build, as absolute addresses
const CURRENT = new Set(MANIFEST ? Object.keys(MANIFEST.files).map(here) : []);

self.addEventListener('install', () => self.skipWaiting());

// a new build's worker takes over: what only the old builds had goes
async function prune() {
  if (!MANIFEST) return; // not a built site's worker: delete nothing
  for (const name of await caches.keys()) {
    if (OLD_CACHES.test(name) && name !== CACHE) await caches.delete(name);
  }
  const cache = await caches.open(CACHE);
  for (const request of await cache.keys()) {
    if (!CURRENT.has(request.url)) await cache.delete(request);
  }
  // a snapshot is named by the core and wheels it was made from (worker.js: snapshotKey)
  const snaps = await caches.open(SNAPSHOTS);
  for (const request of await snaps.keys()) {
    const used = decodeURIComponent(new URL(request.url).search.slice(1)).split(' ')
      .filter((part) => /^https?:/.test(part))
      .map((url) => (url.endsWith('/') ? url + 'pyodide.mjs' : url)); // the core: its folder
    if (used.some((url) => !CURRENT.has(url))) await snaps.delete(request);
  }
}

self.addEventListener('activate', (event) => event.waitUntil(prune().then(() => self.clients.claim())));

function addressed(href) {
  const url = new URL(href, self.location.href);
  return url.origin === self.location.origin && ADDRESSED.test(url.pathname) ? url.origin + url.pathname : null;
}

// the files a first visit fetched before this worker took over (the page's and its
// Python worker's: app.js sends their addresses once the page is live): keep them too
async function keep(urls) {
  const cache = await caches.open(CACHE);
  for (const href of urls) {
    const key = addressed(href);
    if (!key || (await cache.match(key))) continue;
    // the browser's HTTP cache has it (the page just fetched it): a file named by its
    // content never changes, so take that copy rather than download it a second time
    const response = await fetch(key, { cache: 'force-cache' });
    if (response.ok && response.status === 200) await cache.put(key, response);
  }
}

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'keep' && Array.isArray(event.data.urls)) {
    const port = event.ports && event.ports[0];
    event.waitUntil(keep(event.data.urls).catch((err) => console.warn('sette-kit sw: not kept', err))
      .finally(() => port && port.postMessage('kept')));
  }
});

// a page of the site (not JupyterLite's): checked with the server every time
function isPage(request) {
  if (request.mode !== 'navigate') return false;
  const url = new URL(request.url);
  const scope = new URL(self.registration.scope);
  return url.origin === scope.origin && url.pathname.startsWith(scope.pathname)
    && !url.pathname.slice(scope.pathname.length).startsWith('lite/');
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  if (isPage(request)) {
    event.respondWith(fetch(request, { cache: 'no-cache' }).catch(() => fetch(request)));
    return;
  }
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
