// Inlined in the <head> of every lesson page (sette_kit/app/site/_pages.py): starts Python
// at once, while the page's text, its recorded widgets and its script (app.js) load.
// Registers the site's service worker (sw.js: it keeps the content-addressed core,
// wheels and scripts in the browser, so a reload downloads nothing) and starts the web
// worker (worker.js) and the page's script (app.js) as soon as that service worker
// controls the page - so both come through it and are kept on the first visit - or at
// once where there is none (a page not served from a secure origin).  app.js takes over
// window.setteKitBoot: the worker and the messages it sent before app.js ran.
(function () {
  var cfg = JSON.parse(document.getElementById('sk-boot').textContent);
  var abs = function (u) { return new URL(u, document.baseURI).href; };
  var boot = window.setteKitBoot = { worker: null, queue: [], t0: performance.now() };
  function go() {
    if (boot.worker) return;
    var w = new Worker(abs(cfg.worker), { type: 'module' });
    boot.worker = w;
    w.onmessage = function (e) { boot.queue.push(e.data); };
    w.postMessage({ type: 'start', core: abs(cfg.core), wheels: cfg.wheels.map(abs), preimport: cfg.preimport, lockInfo: cfg.lockInfo });
    var app = document.createElement('script');
    app.type = 'module';
    app.src = abs(cfg.app);
    document.head.appendChild(app);
    if (sw && sw.controller) {
      // what the page fetched before the service worker took over (its style sheets)
      sw.controller.postMessage({ type: 'keep', urls: performance.getEntriesByType('resource').map(function (e) { return e.name; }) });
    }
  }
  var sw = navigator.serviceWorker;
  if (sw && window.isSecureContext && cfg.sw) {
    if (sw.controller) go();
    else sw.addEventListener('controllerchange', go);
    sw.register(abs(cfg.sw)).then(function (reg) {
      if (sw.controller || !(reg.installing || reg.waiting || reg.active)) go();
    }, go);
    setTimeout(go, 4000); // a service worker that never takes over must not stop the page
  } else {
    go();
  }
})();
