// The web worker of a lesson page: Pyodide and the kit's lean runtime (issue 29).
//
// The page (app.js) sends {type: 'start', ...} once, then Jupyter messages as JSON text;
// this worker answers with Jupyter messages as JSON text, in order.  Nothing else:
//   page -> worker: {type: 'start', core, wheels, sitePackages?}, {type: 'msg', text, buffers}
//   worker -> page: {type: 'progress', what}, {type: 'ready', seconds}, {type: 'failed', error},
//                   {type: 'msg', text, buffers}
// The wheels (the kit, ipywidgets, comm, traitlets, the runtime with its IPython stand-in:
// sette_kit/app/site/runtime/) are fetched while Pyodide boots, then unpacked into
// site-packages: no package manager, no lock file to resolve at run time.

let py = null;
let runtime = null;
let chain = Promise.resolve();
const early = [];

function post(type, extra = {}) {
  self.postMessage({ type, ...extra });
}

function toPage(text, buffers) {
  let bufs = [];
  if (buffers) {
    bufs = buffers.toJs();
    buffers.destroy();
  }
  post('msg', { text, buffers: bufs });
}

function handle(data) {
  chain = chain.then(async () => {
    const buffers = data.buffers && data.buffers.length ? py.toPy(data.buffers.map((b) => new Uint8Array(b.buffer || b))) : null;
    try {
      await runtime.handle(data.text, buffers);
    } catch (err) {
      console.error('sette-kit worker:', err);
    } finally {
      if (buffers) buffers.destroy();
    }
  });
}

// Pyodide's memory snapshot (issue 29): on a first visit, the interpreter with the kit
// imported is kept in this browser (Cache Storage, keyed by the content-addressed core and
// wheels); a reload or a bookmark restores it instead of booting and importing again.
// The files of the wheels are not in a snapshot (they are unpacked again: the kit reads
// its catalogues), and every random generator is seeded anew after a restore.
const SNAPSHOTS = 'sette-kit-snapshots-v1';

function snapshotKey(core, wheels, preimport) {
  return `${self.location.origin}/__sette-kit-snapshot?${encodeURIComponent([core, ...wheels, ...preimport].join(' '))}`;
}

async function storedSnapshot(key) {
  try {
    const hit = await (await caches.open(SNAPSHOTS)).match(key);
    return hit ? new Uint8Array(await hit.arrayBuffer()) : null;
  } catch (err) {
    return null;
  }
}

async function keepSnapshot(key, bytes) {
  try {
    const cache = await caches.open(SNAPSHOTS);
    for (const old of await cache.keys()) await cache.delete(old); // one site build's at a time
    await cache.put(key, new Response(bytes, { headers: { 'content-type': 'application/octet-stream' } }));
  } catch (err) {
    console.warn('sette-kit worker: the snapshot was not kept', err);
  }
}

async function boot(loadPyodide, options, snapshot) {
  if (snapshot) {
    try {
      return { py: await loadPyodide({ ...options, _loadSnapshot: snapshot }), restored: true };
    } catch (err) {
      console.warn('sette-kit worker: the snapshot did not restore; starting Python anew', err);
    }
  }
  return { py: await loadPyodide(options), restored: false };
}

function pyodideOptions(core, lockInfo) {
  return {
    indexURL: core,
    // the site's packages are the wheels: no package list to fetch
    lockFileContents: { info: lockInfo, packages: {} },
    stdout: (s) => console.log(s),
    stderr: (s) => console.warn(s),
  };
}

// made by a second worker of the page once the page is live (app.js asks for it after a
// first visit): the same core and wheels, the same imports, then the snapshot is kept
async function makeSnapshot({ core, wheels, preimport, lockInfo }) {
  const fetched = wheels.map((url) => fetch(url).then((r) => r.arrayBuffer()));
  const { loadPyodide } = await import(core + 'pyodide.mjs');
  const snap = await loadPyodide({ ...pyodideOptions(core, lockInfo), _makeSnapshot: true });
  const site = snap.runPython('import site; site.getsitepackages()[0]');
  for (const buf of await Promise.all(fetched)) snap.unpackArchive(buf, 'wheel', { extractDir: site });
  snap.runPython('import importlib; importlib.invalidate_caches()');
  snap.runPython((preimport || []).map((m) => `import ${m}`).join('\n'));
  await keepSnapshot(snapshotKey(core, wheels, preimport || []), snap.makeMemorySnapshot());
}

async function start({ core, wheels, preimport, lockInfo, snapshots }) {
  const t0 = performance.now();
  // seconds from this worker's start to the end of each step (the benchmark prints them)
  const phases = {};
  const mark = (name) => { phases[name] = +((performance.now() - t0) / 1000).toFixed(2); };
  preimport = preimport || [];
  const useSnapshots = snapshots !== false && !!self.caches;
  const key = snapshotKey(core, wheels, preimport);
  const [{ loadPyodide }, snapshot] = await Promise.all([
    import(core + 'pyodide.mjs'), useSnapshots ? storedSnapshot(key) : Promise.resolve(null)]);
  mark('module');
  const options = pyodideOptions(core, lockInfo);
  const booting = useSnapshots ? boot(loadPyodide, options, snapshot)
    : loadPyodide(options).then((p) => ({ py: p, restored: false }));
  booting.catch(() => {}); // a failure is reported where it is awaited, below
  // the wheels download while Pyodide's core boots, asked for just after the core's own
  // files (loadPyodide asks for those at once): a browser opens few connections to one
  // host, and the core is what the start waits on
  await new Promise((resolve) => setTimeout(resolve, 0));
  const fetched = wheels.map((url) => fetch(url).then((r) => {
    if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
    return r.arrayBuffer();
  }));
  fetched.forEach((p) => p.catch(() => {}));
  const booted = await booting;
  py = booted.py;
  mark('pyodide');
  post('progress', { what: 'installing' });
  const site = py.runPython('import site; site.getsitepackages()[0]');
  const buffers = await Promise.all(fetched);
  mark('wheels');
  buffers.forEach((buf) => py.unpackArchive(buf, 'wheel', { extractDir: site }));
  py.runPython('import importlib; importlib.invalidate_caches()');
  mark('unpacked');
  if (booted.restored) {
    // a restored interpreter would deal every learner the same cards
    py.runPython('import random\nrandom.seed()');
  } else if (preimport.length) {
    // what nearly every lesson imports, before the first cell (the page is drawn meanwhile)
    py.runPython(preimport.map((m) => `import ${m}`).join('\n'));
  }
  mark('imports');
  const rt = py.pyimport('sette_kit_runtime');
  runtime = rt.start(toPage);
  mark('runtime');
  // what this worker fetched (the core, the wheels): the page asks the service worker to
  // keep them where it did not yet control this worker's fetches (a first visit)
  const fetchedFiles = performance.getEntriesByType('resource').map((e) => e.name);
  post('ready', { seconds: (performance.now() - t0) / 1000, phases, fetched: fetchedFiles, restored: booted.restored,
                  snapshot: useSnapshots && !booted.restored });
  for (const data of early.splice(0)) handle(data);
}

self.onmessage = (event) => {
  const data = event.data;
  if (data.type === 'snapshot') {
    makeSnapshot(data).catch((err) => console.warn('sette-kit worker: no snapshot', err))
      .finally(() => { post('done'); self.close(); });
  } else if (data.type === 'start') {
    start(data).catch((err) => {
      console.error('sette-kit worker:', err);
      post('failed', { error: String(err && err.message ? err.message : err) });
    });
  } else if (data.type === 'msg') {
    if (runtime) handle(data);
    else early.push(data);
  }
};
