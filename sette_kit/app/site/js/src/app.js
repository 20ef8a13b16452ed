// The app-mode page of the sette-kit static site (sette-kit build-site).
//
// A page holds a notebook's markdown, already rendered to HTML at build time, the code
// of its code cells (JSON, never shown) and, where the build recorded it, each cell's
// outputs with the widgets' first state.  This script:
//   1. draws the recorded outputs at once with @jupyter-widgets/html-manager (cards,
//      labels, charts; their controls disabled): the page is whole before Python starts;
//   2. talks to the page's web worker (worker.js, started by the inline boot.js), where
//      Pyodide runs the kit's lean runtime (sette_kit/app/site/runtime/), in Jupyter
//      messages: page -> worker execute_request, comm_open / comm_msg / comm_close;
//      worker -> page the outputs of each cell, comm messages, busy/idle status;
//   3. runs the code cells in order; each cell's live outputs replace its recorded ones
//      in place, in one step, when the cell has run (issue 29).
// Everything is fetched from the site itself (see sette_kit/app/site/__init__.py).

// the manager class only: the package's index also pulls in its static-embedding loader
import { HTMLManager } from '@jupyter-widgets/html-manager/lib/htmlmanager';
import { MimeModel } from '@jupyterlab/rendermime';
import { Widget } from '@lumino/widgets';

import '@jupyter-widgets/controls/css/widgets-base.css';
import '@jupyter-widgets/controls/css/labvariables.css';
import '@fortawesome/fontawesome-free/css/all.min.css';
import '@fortawesome/fontawesome-free/css/v4-shims.min.css';
import '@lumino/widgets/style/index.css';
import '@jupyterlab/rendermime/style/base.css';
import './app.css';
import './class.css';
import { ClassLink, phrase } from './class.js';

const WIDGET_VIEW = 'application/vnd.jupyter.widget-view+json';
// boot.js may load this script before the page is parsed: these are set by bindPage()
let status = null;
let statusText = null;
// the page's words, in its language (written into the page's config at build time)
let WORDS = {};

function bindPage() {
  status = document.getElementById('sk-status');
  statusText = document.getElementById('sk-status-text');
  try { WORDS = JSON.parse(document.getElementById('sk-config').textContent).words || {}; } catch (e) { WORDS = {}; }
}
function t(key, english, values = {}) {
  return phrase(WORDS, key, english, values);
}
let started = 0; // from the navigation on (performance.now()), then from each lesson link
let phase = t('starting', 'Starting Python in your browser');

function elapsed() {
  return Math.round((performance.now() - started) / 1000);
}

function say(text) {
  phase = text;
  if (statusText) statusText.textContent = `${text} (${elapsed()} s)`;
}

// the progress line keeps counting while Pyodide downloads and starts
let ticker = setInterval(() => say(phase), 1000);

function restart(text) {
  started = performance.now();
  clearInterval(ticker);
  ticker = setInterval(() => say(phase), 1000);
  document.body.dataset.skState = 'loading';
  status.hidden = false;
  status.classList.remove('sk-status-error');
  say(text);
}

function finish(state, text) {
  clearInterval(ticker);
  document.body.dataset.skState = state;
  document.body.dataset.skSeconds = ((performance.now() - started) / 1000).toFixed(2);
  if (!status) return;
  if (state === 'ready') {
    status.hidden = true;
  } else {
    status.classList.add('sk-status-error');
    statusText.textContent = text;
  }
}

function uuid() {
  return crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`.replace('.', '');
}

// ---- the Jupyter messages between this page and the worker ---------------------------

// the page's web worker (started by boot.js in the page's head), as a kernel: Jupyter
// messages as JSON text both ways (so Python's None arrives as null), in order
class WorkerKernel {
  constructor(boot, onMessage) {
    this.ready = new Promise((resolve, reject) => {
      this._ready = resolve;
      this._failed = reject;
    });
    this.onMessage = onMessage;
    this.worker = boot.worker;
    this.worker.onmessage = (event) => this.receive(event.data);
    for (const data of boot.queue.splice(0)) this.receive(data);
  }

  receive(data) {
    if (data.type === 'msg') {
      const msg = JSON.parse(data.text);
      msg.buffers = (data.buffers || []).map((b) => new DataView(b.buffer || b));
      this.onMessage(msg);
    } else if (data.type === 'ready') {
      this.info = data;
      this._ready(data);
    } else if (data.type === 'failed') {
      this._failed(new Error(data.error));
    } else if (data.type === 'progress') {
      say(t('installing', 'Installing the Python packages of the lesson'));
    }
  }

  async handleMessage(msg) {
    const { buffers, ...rest } = msg;
    const bufs = (buffers || []).map((b) => (b instanceof ArrayBuffer ? new Uint8Array(b)
      : new Uint8Array(b.buffer, b.byteOffset, b.byteLength)));
    this.worker.postMessage({ type: 'msg', text: JSON.stringify(rest), buffers: bufs });
  }
}

class Session {
  constructor(boot) {
    this.session = uuid();
    this.callbacks = new Map(); // msg_id -> {iopub: {status, output}, shell: {reply}}
    this.outputs = new Map(); // msg_id -> function(msg) receiving that request's outputs
    this.comms = new Map(); // comm_id -> Comm
    this.replies = new Map(); // msg_id -> resolve(reply)
    this.manager = null;
    // messages from the kernel are handled one after the other, each after the previous
    // one is done (as JupyterLab does): a widget's updates never overtake its creation
    this.chain = Promise.resolve();
    this.kernel = new WorkerKernel(boot, (msg) => {
      this.chain = this.chain.then(() => this.receive(msg)).catch((err) => console.error('sette-kit site:', err));
    });
  }

  message(msgType, content, { metadata = {}, buffers = [], channel = 'shell' } = {}) {
    return {
      header: {
        msg_id: uuid(),
        msg_type: msgType,
        session: this.session,
        username: 'learner',
        date: new Date().toISOString(),
        version: '5.3',
      },
      parent_header: {},
      metadata: metadata || {},
      content,
      buffers: buffers || [],
      channel,
    };
  }

  send(msgType, content, { metadata, buffers, callbacks, onOutput } = {}) {
    const msg = this.message(msgType, content, { metadata, buffers });
    const id = msg.header.msg_id;
    if (callbacks) this.callbacks.set(id, callbacks);
    if (onOutput) this.outputs.set(id, onOutput);
    const reply = new Promise((resolve) => this.replies.set(id, resolve));
    this.kernel.handleMessage(msg).catch((err) => console.error('sette-kit site:', err));
    return { id, reply };
  }

  async receive(msg) {
    const type = msg.header.msg_type;
    const parent = (msg.parent_header && msg.parent_header.msg_id) || '';
    const callbacks = this.callbacks.get(parent);
    if (msg.channel === 'shell' || type.endsWith('_reply')) {
      const resolve = this.replies.get(parent);
      if (resolve) {
        this.replies.delete(parent);
        resolve(msg);
      }
      if (callbacks && callbacks.shell && callbacks.shell.reply) callbacks.shell.reply(msg);
      return;
    }
    switch (type) {
      case 'status':
        if (callbacks && callbacks.iopub && callbacks.iopub.status) callbacks.iopub.status(msg);
        if (msg.content.execution_state === 'idle') {
          this.callbacks.delete(parent);
          this.outputs.delete(parent);
        }
        return;
      case 'comm_open':
        await this.openFromKernel(msg);
        return;
      case 'comm_msg':
      case 'comm_close': {
        const comm = this.comms.get(msg.content.comm_id);
        if (comm) comm.handle(type, msg);
        return;
      }
      case 'execute_input':
        return;
      case 'sette_kit_class': // an answer for the class hub (sette_kit.classroom.link)
        if (classLink) classLink.enqueue(msg.content.event);
        return;
      default: {
        // outputs: stream, display_data, execute_result, error, clear_output, update_display_data
        const onOutput = this.outputs.get(parent);
        if (onOutput) onOutput(msg);
        else if (callbacks && callbacks.iopub && callbacks.iopub.output) callbacks.iopub.output(msg);
        else logOutput(msg);
      }
    }
  }

  async openFromKernel(msg) {
    const { comm_id, target_name } = msg.content;
    const comm = new Comm(this, comm_id, target_name);
    this.comms.set(comm_id, comm);
    if (target_name === 'jupyter.widget' && this.manager) {
      try {
        await this.manager.handle_comm_open(comm, msg);
      } catch (err) {
        console.error('sette-kit site: widget', err);
      }
    }
  }
}

// the classic comm interface (@jupyter-widgets/base IClassicComm) over a Session
class Comm {
  constructor(session, commId, targetName) {
    this.session = session;
    this.comm_id = commId;
    this.target_name = targetName;
    this._onMsg = null;
    this._onClose = null;
    this._early = []; // messages that came before the widget model listened
  }

  open(data, callbacks, metadata, buffers) {
    this.session.comms.set(this.comm_id, this);
    const content = { comm_id: this.comm_id, target_name: this.target_name, data };
    return this.session.send('comm_open', content, { metadata, buffers, callbacks }).id;
  }

  send(data, callbacks, metadata, buffers) {
    const content = { comm_id: this.comm_id, data };
    return this.session.send('comm_msg', content, { metadata, buffers, callbacks }).id;
  }

  close(data, callbacks, metadata, buffers) {
    this.session.comms.delete(this.comm_id);
    const content = { comm_id: this.comm_id, data: data || {} };
    return this.session.send('comm_close', content, { metadata, buffers, callbacks }).id;
  }

  on_msg(callback) {
    this._onMsg = callback;
    const early = this._early;
    this._early = [];
    for (const msg of early) callback(msg);
  }

  on_close(callback) {
    this._onClose = callback;
  }

  handle(type, msg) {
    if (type === 'comm_msg') {
      if (this._onMsg) this._onMsg(msg);
      else this._early.push(msg);
    } else if (type === 'comm_close') {
      this.session.comms.delete(this.comm_id);
      if (this._onClose) this._onClose(msg);
    }
  }
}

// @jupyter-widgets/html-manager's manager, with comms to the live kernel
class LiveManager extends HTMLManager {
  constructor(session) {
    super();
    this.session = session;
  }

  async _create_comm(targetName, modelId, data, metadata, buffers) {
    const comm = new Comm(this.session, modelId || uuid(), targetName);
    if (data || metadata) comm.open(data, undefined, metadata, buffers);
    return comm;
  }

  async _get_comm_info() {
    const { reply } = this.session.send('comm_info_request', { target_name: 'jupyter.widget' });
    const msg = await reply;
    return msg.content.comms || {};
  }
}

// ---- what a learner sees ---------------------------------------------------------------

function log(payload) {
  if (!payload) return;
  const text = typeof payload.data === 'string' ? payload.data : '';
  if (payload.level === 'critical' && text) console.error('sette-kit site (Pyodide):', text);
  // Pyodide says "Loading a, b, c" / "Loaded a, b, c" while it installs the wheels
  if (/^Load(ing|ed) /.test(text)) say(t('installing', 'Installing the Python packages of the lesson'));
}

function logOutput(msg) {
  if (msg.header.msg_type === 'error') console.error('sette-kit site:', msg.content.ename, msg.content.evalue);
}

function cellError(el, content) {
  // no traceback ever reaches a learner: a short message on the page, details in the console
  console.error(`sette-kit site: a cell failed: ${content.ename}: ${content.evalue}\n` +
                (content.traceback || []).join('\n').replace(/\x1b\[[0-9;]*m/g, ''));
  const note = document.createElement('p');
  note.className = 'sk-cell-error';
  note.textContent = t('cell_failed', 'This part of the page could not be shown. Reload the page to try again.');
  el.appendChild(note);
}

// ---- outputs: recorded at build time, then live -----------------------------------------

// one output (nbformat's shape) into `container`, with `manager` (live or recorded)
async function renderOutput(container, out, manager) {
  if (out.output_type === 'stream') {
    const pre = document.createElement('pre');
    pre.className = 'sk-stream';
    pre.textContent = out.text;
    container.appendChild(pre);
    return;
  }
  const data = out.data || {};
  const holder = document.createElement('div');
  holder.className = 'sk-output';
  container.appendChild(holder);
  if (data[WIDGET_VIEW]) {
    const model = await manager.get_model(data[WIDGET_VIEW].model_id);
    const view = await manager.create_view(model);
    await manager.display_view(view, holder);
    return;
  }
  const mime = manager.renderMime.preferredMimeType(data, 'any');
  if (!mime || (mime === 'text/plain' && Object.keys(data).length === 1 && /^<.*>$/.test(data[mime]))) {
    holder.remove(); // an object's repr only: nothing a learner reads
    return;
  }
  const renderer = manager.renderMime.createRenderer(mime);
  await renderer.renderModel(new MimeModel({ data, metadata: out.metadata || {}, trusted: true }));
  Widget.attach(renderer, holder);
}

// each live cell's outputs go to `live` (hidden while the recorded ones are shown)
function outputSink(el, live, manager) {
  let queue = Promise.resolve();
  let clearNext = false;
  const add = (out) => {
    queue = queue.then(async () => {
      if (clearNext) {
        live.textContent = '';
        clearNext = false;
      }
      if (!live.isConnected) el.appendChild(live); // an empty cell stays :empty (no room)
      await renderOutput(live, out, manager);
    }).catch((err) => console.error('sette-kit site: output', err));
  };
  const sink = (msg) => {
    const type = msg.header.msg_type;
    const c = msg.content;
    switch (type) {
      case 'stream':
        if (c.name === 'stderr') console.warn('sette-kit site (stderr):', c.text);
        else add({ output_type: 'stream', name: c.name, text: c.text });
        break;
      case 'display_data':
      case 'execute_result':
        add({ output_type: type, data: c.data, metadata: c.metadata || {} });
        break;
      case 'clear_output':
        if (c.wait) clearNext = true;
        else queue = queue.then(() => { live.textContent = ''; });
        break;
      case 'error':
        queue = queue.then(() => {
          if (!live.isConnected) el.appendChild(live);
          cellError(live, c);
        });
        break;
      default:
        break;
    }
  };
  sink.done = () => queue;
  return sink;
}

function disableControls(root) {
  for (const el of root.querySelectorAll('button, input, select, textarea')) {
    el.disabled = true;
    el.setAttribute('tabindex', '-1');
  }
}

// the page's recorded outputs (sk-recorded: what the build's run of the notebook
// showed), drawn before Python starts or while it runs a linked lesson's cells; returns
// one holder per cell, or []
async function drawRecorded(doc) {
  const el = doc.getElementById('sk-recorded');
  const cells = document.querySelectorAll('.sk-code-output');
  if (!el) return [];
  let rec;
  try {
    rec = JSON.parse(el.textContent);
  } catch (err) {
    return [];
  }
  const manager = new HTMLManager();
  try {
    await manager.set_state(rec.state);
  } catch (err) {
    console.error('sette-kit site: recorded widgets', err);
    return [];
  }
  const holders = [];
  for (let i = 0; i < cells.length; i++) {
    const outs = rec.outputs[i] || [];
    if (!outs.length) {
      holders.push(null);
      continue;
    }
    const holder = document.createElement('div');
    holder.className = 'sk-recorded';
    holder.inert = true;
    cells[i].appendChild(holder);
    holders.push(holder);
    for (const out of outs) {
      try {
        await renderOutput(holder, out, manager);
      } catch (err) {
        console.error('sette-kit site: recorded output', err);
      }
    }
    disableControls(holder);
  }
  // drawn: the widgets' views add their controls as they render; disable the late ones
  requestAnimationFrame(() => holders.forEach((h) => h && disableControls(h)));
  document.body.dataset.skDrawn = ((performance.now() - started) / 1000).toFixed(2);
  return holders;
}

const EXECUTE = { silent: false, store_history: true, user_expressions: {}, allow_stdin: false, stop_on_error: true };
// before the next lesson runs in the same Python: its widgets closed, its variables gone
// (imported modules stay imported: that is what makes the next lesson quick)
const FORGET_PAGE = 'import sette_kit_runtime as _sk_rt\n_sk_rt.current().forget_page()';

let site = null; // {session, manager}
let busy = true;
let classLink = null; // the page's class, when it is in one (class.js)
let classState = null; // the class's last state, applied once the page's widgets exist

function currentConfig() {
  return JSON.parse(document.getElementById('sk-config').textContent);
}

// what boot.js started the page's Python with (sk-boot: the worker, the core, the wheels)
function bootConfig() {
  return JSON.parse(document.getElementById('sk-boot').textContent);
}

// code of the page's own, run in its Python with no output; its reply
function silently(code) {
  return site.session.send('execute_request', { ...EXECUTE, code, silent: true, store_history: false }).reply;
}

// before a lesson's cells: its widgets take their item ids (and, in a class, send answers)
function beginPage(config) {
  if (!config.lesson) return Promise.resolve();
  return silently(`import sette_kit_runtime as _sk_rt\n_sk_rt.current().begin_page(${
    JSON.stringify(config.lesson)}, ${classLink ? 'True' : 'False'})`);
}

// the teacher's lesson (when the teacher has just moved the class), reveals, new rounds and
// resets, for this page
function followClass(state, moved = false) {
  classState = state;
  const config = currentConfig();
  if (moved && state.lesson !== config.lesson) {
    const page = (config.pages || []).find((f) => f.startsWith(`${state.lesson}-`))
      || (state.lesson === '00' && (config.pages || []).includes('index.html') ? 'index.html' : null);
    if (page) {
      const url = new URL(page, location.href);
      if (busy || !site) location.href = url.href;
      else navigate(url, true);
      return;
    }
  }
  if (busy || !site || !site.ready || !config.lesson) return; // applied when the page is live
  pyClass('follow', state);
}

// one call of sette_kit.classroom.link in the page's Python, with its argument as JSON
function pyClass(name, arg) {
  return silently(`import json, sette_kit.classroom.link as _sk_link\n_sk_link.${name}(json.loads(${
    JSON.stringify(JSON.stringify(arg))}))`);
}

async function runLesson(config) {
  beginPage(config); // not waited on: the worker runs it before the cells sent next
  try {
    await runCells(config);
  } finally {
    busy = false;
  }
  if (classState) followClass(classState);
  if (classLink && config.lesson) pyClass('restore', classLink.answersOf(config.lesson));
}
let recorded = Promise.resolve([]);

async function runCells(config) {
  const { session, manager } = site;
  const cells = document.querySelectorAll('.sk-code-output');
  let failed = 0;
  // every cell is sent at once, while the recorded outputs may still be drawing: Python
  // runs them one after the other in its worker while this page draws the outputs of the
  // ones before; a cell's live outputs stay hidden until they take its recorded ones' place
  const runs = config.cells.map((code, i) => {
    const live = document.createElement('div');
    live.className = 'sk-live';
    live.hidden = true;
    const sink = outputSink(cells[i], live, manager);
    const { reply } = session.send('execute_request', { code, ...EXECUTE }, { onOutput: sink });
    return { live, sink, reply };
  });
  const holders = await recorded;
  for (let i = 0; i < runs.length; i++) {
    say(t('running', 'Running the page: part {part} of {parts}', { part: i + 1, parts: config.cells.length }));
    const { live, sink, reply } = runs[i];
    const msg = await reply;
    await sink.done();
    if (msg.content.status !== 'ok') failed += 1;
    // the live outputs take the recorded ones' place in one step: no jump
    if (holders[i]) holders[i].remove();
    live.hidden = false;
  }
  if (failed) {
    finish('ready-with-errors', failed === 1 ? t('one_failed', 'One part of this page could not be shown.')
      : t('some_failed', '{n} parts of this page could not be shown.', { n: failed }));
  } else {
    finish('ready');
  }
}

// ---- from one lesson to the next without starting Python again ------------------------

function lessonLink(a, config) {
  if (!a || !a.href || (a.target && a.target !== '_self') || a.hasAttribute('download')) return null;
  const url = new URL(a.href, document.baseURI);
  const here = new URL(location.href);
  if (url.origin !== here.origin) return null;
  const dir = (u) => u.pathname.slice(0, u.pathname.lastIndexOf('/') + 1);
  const file = url.pathname.slice(url.pathname.lastIndexOf('/') + 1) || 'index.html';
  if (dir(url) !== dir(here) || !(config.pages || []).includes(file)) return null;
  if (url.pathname === here.pathname) return null; // a link within the page
  return url;
}

// pages fetched ahead, by address: the one a learner points at or focuses (the pointer is
// on a link a few hundred milliseconds before the click), so it opens without waiting on
// the network
let ahead = new Map();

function fetchPage(href) {
  if (!ahead.has(href)) {
    ahead.set(href, fetch(href).then((r) => (r.ok ? r.text() : null)).catch(() => null));
  }
  return ahead.get(href);
}

async function navigate(url, push) {
  if (busy || !site) {
    location.href = url.href;
    return;
  }
  busy = true;
  restart(t('opening', 'Opening the page'));
  // the lesson before goes while the next page downloads (the worker runs what it is sent
  // in order: this, then the next lesson's beginning and cells)
  const forgotten = silently(FORGET_PAGE);
  const text = await fetchPage(url.href);
  ahead = new Map(); // what was fetched ahead for the page before
  const doc = text && new DOMParser().parseFromString(text, 'text/html');
  if (!doc) {
    location.href = url.href;
    return;
  }
  const configEl = doc.getElementById('sk-config');
  const main = doc.querySelector('main.sk-page');
  if (!configEl || !main) {
    location.href = url.href;
    return;
  }
  const config = JSON.parse(configEl.textContent);
  document.querySelector('main.sk-page').innerHTML = main.innerHTML;
  const nav = doc.querySelector('.sk-site-nav');
  if (nav) document.querySelector('.sk-site-nav').innerHTML = nav.innerHTML;
  document.title = doc.title;
  document.getElementById('sk-config').textContent = configEl.textContent;
  recorded = drawRecorded(doc);
  if (push) history.pushState({ skSite: true }, '', url.href);
  const target = url.hash && document.getElementById(decodeURIComponent(url.hash.slice(1)));
  if (target) target.scrollIntoView();
  else window.scrollTo(0, 0);
  const heading = document.querySelector('main.sk-page h1');
  if (heading) {
    heading.setAttribute('tabindex', '-1');
    heading.focus({ preventScroll: true });
  }
  forgotten.then(() => {
    document.body.dataset.skKernelSeconds = ((performance.now() - started) / 1000).toFixed(2);
  });
  await runLesson(config);
}

function followLessonLinks() {
  document.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey
        || event.shiftKey || event.altKey) return;
    const config = currentConfig();
    const url = lessonLink(event.target.closest && event.target.closest('a'), config);
    if (!url) return;
    event.preventDefault();
    navigate(url, true);
  });
  // a link pointed at or focused: its page is fetched while the learner clicks
  const intent = (event) => {
    if (busy) return;
    const url = lessonLink(event.target.closest && event.target.closest('a'), currentConfig());
    if (url) fetchPage(url.href);
  };
  for (const type of ['pointerover', 'focusin', 'touchstart']) {
    document.addEventListener(type, intent, { passive: true });
  }
  history.replaceState({ skSite: true }, '', location.href);
  window.addEventListener('popstate', () => navigate(new URL(location.href), false));
}

async function main() {
  const config = currentConfig();
  classLink = new ClassLink(t, { follow: followClass });
  if (classLink.active) classLink.start().catch((err) => console.error('sette-kit class:', err));
  else classLink = null;
  if (!config.cells.length || !window.setteKitBoot) {
    // a page of text only: no Python needed
    finish('ready');
    return;
  }
  say(t('starting', 'Starting Python in your browser'));
  recorded = drawRecorded(document).then((holders) => {
    // honest: what shows is the page's first state; its controls wait for Python
    if (holders.some(Boolean) && !site.ready) say(t('drawn', 'Starting Python in your browser: the page is shown as it starts, and its controls work once Python is ready'));
    return holders;
  });
  const session = new Session(window.setteKitBoot);
  const manager = new LiveManager(session);
  session.manager = manager;
  site = { session, manager };
  window.setteKitSite = site; // for the browser tests and for debugging

  try {
    await session.kernel.ready;
  } catch (err) {
    finish('failed', t('no_python', 'Python could not start in this browser ({error}). Reload the page to try again.', { error: err }));
    return;
  }
  site.ready = true;
  document.body.dataset.skKernelSeconds = ((performance.now() - started) / 1000).toFixed(2);
  // where the start's time went: the page's clock (from the navigation) when the worker was
  // started, then the worker's own steps (from its start); the benchmark prints them
  const boot = window.setteKitBoot;
  document.body.dataset.skPhases = JSON.stringify({
    worker_started: +(boot.t0 / 1000).toFixed(2), ...((session.kernel.info || {}).phases || {}) });
  followLessonLinks();
  await runLesson(config);
  // the first visit's work in the background, while the learner reads: data-sk-background
  // is "working", then "done" (what the tests and the benchmark wait on before a reload)
  document.body.dataset.skBackground = 'working';
  const info = session.kernel.info || {};
  await keepFiles(info.fetched || []);
  if (info.snapshot) await keepASnapshot();
  document.body.dataset.skBackground = 'done';
}

// a first visit's files, fetched before the site's service worker took over (boot.js
// registers it): it keeps them now from the browser's HTTP cache (sw.js: keep), so a
// reload or a bookmark downloads nothing; before the snapshot's worker starts, which then
// takes them from the kept copies
async function keepFiles(workerFiles) {
  const sw = navigator.serviceWorker;
  const cfg = bootConfig();
  if (!sw || !window.isSecureContext || !cfg.sw) return;
  const controller = sw.controller || await new Promise((resolve) => {
    sw.addEventListener('controllerchange', () => resolve(sw.controller), { once: true });
    setTimeout(() => resolve(sw.controller), 10000); // a service worker that never takes over
  });
  if (!controller) return;
  const urls = [...performance.getEntriesByType('resource').map((e) => e.name), ...workerFiles];
  await new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    controller.postMessage({ type: 'keep', urls }, [channel.port2]);
    setTimeout(resolve, 30000);
  });
}

// after a first visit, once the page is live: a second worker makes Pyodide's memory
// snapshot (the interpreter with the lessons' imports) and keeps it in this browser, so
// a reload or a bookmark restores it instead of starting Python again (worker.js)
function keepASnapshot() {
  return new Promise((resolve) => {
    try {
      const cfg = bootConfig();
      const abs = (u) => new URL(u, document.baseURI).href;
      const worker = new Worker(abs(cfg.worker), { type: 'module' });
      document.body.dataset.skSnapshot = 'making';
      const end = (state) => {
        document.body.dataset.skSnapshot = state;
        worker.terminate();
        resolve();
      };
      worker.onmessage = (event) => {
        if (event.data && event.data.type === 'done') end('kept');
      };
      worker.onerror = (err) => {
        console.warn('sette-kit site: no snapshot', err);
        end('none');
      };
      worker.postMessage({ type: 'snapshot', core: abs(cfg.core), wheels: cfg.wheels.map(abs),
                           preimport: cfg.preimport, lockInfo: cfg.lockInfo });
    } catch (err) {
      console.warn('sette-kit site: no snapshot', err);
      resolve();
    }
  });
}

function whenParsed(f) {
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', f, { once: true });
  else f();
}

whenParsed(() => {
  bindPage();
  main().catch((err) => {
    console.error('sette-kit site:', err);
    finish('failed', t('no_page', 'The page could not start ({error}). Reload the page to try again.', { error: err }));
  });
});
