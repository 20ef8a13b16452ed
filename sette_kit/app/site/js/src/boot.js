// Inlined in the <head> of every lesson page (sette_kit/app/site/_pages.py): starts Python
// at once, while the page's text, its recorded widgets and its script (app.js) load.
// Starts the web worker (worker.js) and the page's script (app.js) at once, and registers
// the site's service worker (sw.js: it keeps the content-addressed core, wheels and
// scripts in the browser, so a reload downloads nothing) beside them.  On a first visit
// nothing waits for that service worker: it takes over the page and its worker as soon
// as it is installed (in time for the core's large files), and once the page is live,
// app.js asks it to keep what was fetched before, from the browser's HTTP cache (no
// second download).  app.js takes over window.setteKitBoot: the worker and the messages
// it sent before app.js ran.
(function () {
  var cfg = JSON.parse(document.getElementById('sk-boot').textContent);
  var abs = function (u) { return new URL(u, document.baseURI).href; };
  var boot = window.setteKitBoot = { worker: null, queue: [], t0: performance.now() };
  var w = new Worker(abs(cfg.worker), { type: 'module' });
  boot.worker = w;
  w.onmessage = function (e) { boot.queue.push(e.data); };
  w.postMessage({ type: 'start', core: abs(cfg.core), wheels: cfg.wheels.map(abs), preimport: cfg.preimport, lockInfo: cfg.lockInfo });
  var app = document.createElement('script');
  app.type = 'module';
  app.src = abs(cfg.app);
  document.head.appendChild(app);
  var sw = navigator.serviceWorker;
  if (sw && window.isSecureContext && cfg.sw) {
    sw.register(abs(cfg.sw)).catch(function (err) { console.warn('sette-kit site: no service worker', err); });
  }
})();
