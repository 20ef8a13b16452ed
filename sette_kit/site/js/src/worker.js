// The web worker of a lesson page: Pyodide and the kit's lean runtime (issue 29).
//
// The page (app.js) sends {type: 'start', ...} once, then Jupyter messages as JSON text;
// this worker answers with Jupyter messages as JSON text, in order.  Nothing else:
//   page -> worker: {type: 'start', core, wheels, sitePackages?}, {type: 'msg', text, buffers}
//   worker -> page: {type: 'progress', what}, {type: 'ready', seconds}, {type: 'failed', error},
//                   {type: 'msg', text, buffers}
// The wheels (the kit, ipywidgets, comm, traitlets, the runtime with its IPython stand-in:
// sette_kit/site/runtime/) are fetched while Pyodide boots, then unpacked into
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

async function start({ core, wheels, preimport, lockInfo }) {
  const t0 = performance.now();
  // the wheels download while Pyodide's core boots
  const fetched = wheels.map((url) => fetch(url).then((r) => {
    if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
    return r.arrayBuffer();
  }));
  fetched.forEach((p) => p.catch(() => {}));
  const { loadPyodide } = await import(core + 'pyodide.mjs');
  py = await loadPyodide({
    indexURL: core,
    // the site's packages are the wheels above: no package list to fetch
    lockFileContents: { info: lockInfo, packages: {} },
    stdout: (s) => console.log(s),
    stderr: (s) => console.warn(s),
  });
  post('progress', { what: 'installing' });
  const site = py.runPython('import site; site.getsitepackages()[0]');
  const buffers = await Promise.all(fetched);
  buffers.forEach((buf, i) => py.unpackArchive(buf, 'wheel', { extractDir: site }));
  py.runPython('import importlib; importlib.invalidate_caches()');
  const rt = py.pyimport('sette_kit_runtime');
  runtime = rt.start(toPage);
  if (preimport && preimport.length) {
    // what every lesson imports, before the first cell (the page is drawn meanwhile)
    py.runPython(preimport.map((m) => `import ${m}`).join('\n'));
  }
  post('ready', { seconds: (performance.now() - t0) / 1000 });
  for (const data of early.splice(0)) handle(data);
}

self.onmessage = (event) => {
  const data = event.data;
  if (data.type === 'start') {
    start(data).catch((err) => {
      console.error('sette-kit worker:', err);
      post('failed', { error: String(err && err.message ? err.message : err) });
    });
  } else if (data.type === 'msg') {
    if (runtime) handle(data);
    else early.push(data);
  }
};
