// The app-mode page of the sette-kit static site (sette-kit build-site).
//
// A page holds a notebook's markdown, already rendered to HTML at build time, and, in a
// JSON block, the code of its code cells.  This script starts the JupyterLite Pyodide
// kernel (the official @jupyterlite/pyodide-kernel class, in its official web worker),
// runs the code cells in order and shows only their outputs, with live ipywidgets through
// the official @jupyter-widgets/html-manager: the way Voila shows a notebook, with no
// server.  The kernel talks Jupyter messages; this file only routes them:
//   page -> kernel: execute_request, comm_open / comm_msg / comm_close (widget changes)
//   kernel -> page: outputs of each cell, comm messages, busy/idle status.
// Everything is fetched from the site itself: Pyodide's core from ./pyodide/, the wheels
// and their lock file from ./python/ (see sette_kit/site/_wheels.py).

import { PyodideKernel } from '@jupyterlite/pyodide-kernel';
// the manager class only: the package's index also pulls in its static-embedding loader
import { HTMLManager } from '@jupyter-widgets/html-manager/lib/htmlmanager';
import { OutputArea, OutputAreaModel } from '@jupyterlab/outputarea';
import { Widget } from '@lumino/widgets';

import '@jupyter-widgets/controls/css/widgets-base.css';
import '@jupyter-widgets/controls/css/labvariables.css';
import '@fortawesome/fontawesome-free/css/all.min.css';
import '@fortawesome/fontawesome-free/css/v4-shims.min.css';
import '@lumino/widgets/style/index.css';
import '@jupyterlab/rendermime/style/base.css';
import '@jupyterlab/outputarea/style/base.css';
import './app.css';

const status = document.getElementById('sk-status');
const statusText = document.getElementById('sk-status-text');
// the page's words, in its language (written into the page's config at build time)
const WORDS = (() => {
  try { return JSON.parse(document.getElementById('sk-config').textContent).words || {}; } catch (e) { return {}; }
})();
function t(key, english, values = {}) {
  const text = WORDS[key] || english;
  return text.replace(/\{(\w+)\}/g, (m, name) => (name in values ? String(values[name]) : m));
}
let started = performance.now();
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

// ---- the Jupyter messages between this page and the kernel ----------------------------

// Jupyter messages are JSON, where Python's None is null; the kernel's worker converts
// Python objects with Pyodide's toJs(), which gives undefined for None.  Put null back,
// or a widget trait set to None (layout.display = None: "show it again") is lost.
function jsonNulls(value) {
  if (value === undefined) return null;
  if (Array.isArray(value)) return value.map(jsonNulls);
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const out = {};
    for (const [k, v] of Object.entries(value)) out[k] = jsonNulls(v);
    return out;
  }
  return value;
}

class Session {
  constructor(kernelOptions) {
    this.session = uuid();
    this.callbacks = new Map(); // msg_id -> {iopub: {status, output}, shell: {reply}}
    this.outputs = new Map(); // msg_id -> function(msg) receiving that request's outputs
    this.comms = new Map(); // comm_id -> Comm
    this.replies = new Map(); // msg_id -> resolve(reply)
    this.manager = null;
    // messages from the kernel are handled one after the other, each after the previous
    // one is done (as JupyterLab does): a widget's updates never overtake its creation
    this.chain = Promise.resolve();
    this.kernel = new PyodideKernel({
      id: uuid(),
      name: 'python',
      location: '',
      sendMessage: (msg) => {
        this.chain = this.chain.then(() => this.receive(msg)).catch((err) => console.error('sette-kit site:', err));
      },
      logger: ({ payload }) => log(payload),
      ...kernelOptions,
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
      metadata,
      content,
      buffers,
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
    msg.content = jsonNulls(msg.content);
    msg.metadata = jsonNulls(msg.metadata || {});
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

function outputSink(el, area) {
  return (msg) => {
    const type = msg.header.msg_type;
    const c = msg.content;
    switch (type) {
      case 'stream':
        if (c.name === 'stderr') {
          console.warn('sette-kit site (stderr):', c.text);
        } else {
          area.model.add({ output_type: 'stream', name: c.name, text: c.text });
        }
        break;
      case 'display_data':
      case 'execute_result':
        area.model.add({
          output_type: type,
          data: c.data,
          metadata: c.metadata || {},
          ...(type === 'execute_result' ? { execution_count: c.execution_count } : {}),
        });
        break;
      case 'clear_output':
        area.model.clear(!!c.wait);
        break;
      case 'update_display_data':
        break;
      case 'error':
        cellError(el, c);
        break;
      default:
        break;
    }
  };
}

const EXECUTE = { silent: false, store_history: true, user_expressions: {}, allow_stdin: false, stop_on_error: true };
// before the next lesson runs in the same Python: its widgets closed, its variables gone
// (imported modules stay imported: that is what makes the next lesson quick)
const FORGET_PAGE = 'import ipywidgets as _sk_w\n_sk_w.Widget.close_all()\nget_ipython().run_line_magic("reset", "-f")';

let site = null; // {session, manager}
let areas = []; // the output areas of the page shown
let busy = true;

async function runCells(config) {
  const { session, manager } = site;
  const cells = document.querySelectorAll('.sk-code-output');
  let failed = 0;
  for (let i = 0; i < config.cells.length; i++) {
    say(t('running', 'Running the page: part {part} of {parts}', { part: i + 1, parts: config.cells.length }));
    const el = cells[i];
    const model = new OutputAreaModel({ trusted: true });
    const area = new OutputArea({ model, rendermime: manager.renderMime });
    areas.push(area);
    Widget.attach(area, el);
    const { reply } = session.send('execute_request', { code: config.cells[i], ...EXECUTE },
      { onOutput: outputSink(el, area) });
    const msg = await reply;
    if (msg.content.status !== 'ok') failed += 1;
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

async function navigate(url, push) {
  if (busy || !site) {
    location.href = url.href;
    return;
  }
  busy = true;
  restart(t('opening', 'Opening the page'));
  let doc;
  try {
    const response = await fetch(url.href);
    if (!response.ok) throw new Error(String(response.status));
    doc = new DOMParser().parseFromString(await response.text(), 'text/html');
  } catch (err) {
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
  const { reply } = site.session.send('execute_request', { ...EXECUTE, code: FORGET_PAGE, silent: true, store_history: false });
  await reply;
  document.body.dataset.skKernelSeconds = ((performance.now() - started) / 1000).toFixed(2);
  for (const area of areas) area.dispose();
  areas = [];
  document.querySelector('main.sk-page').innerHTML = main.innerHTML;
  const nav = doc.querySelector('.sk-site-nav');
  if (nav) document.querySelector('.sk-site-nav').innerHTML = nav.innerHTML;
  document.title = doc.title;
  document.getElementById('sk-config').textContent = configEl.textContent;
  if (push) history.pushState({ skSite: true }, '', url.href);
  const target = url.hash && document.getElementById(decodeURIComponent(url.hash.slice(1)));
  if (target) target.scrollIntoView();
  else window.scrollTo(0, 0);
  const heading = document.querySelector('main.sk-page h1');
  if (heading) {
    heading.setAttribute('tabindex', '-1');
    heading.focus({ preventScroll: true });
  }
  try {
    await runCells(config);
  } finally {
    busy = false;
  }
}

function followLessonLinks() {
  document.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey
        || event.shiftKey || event.altKey) return;
    const config = JSON.parse(document.getElementById('sk-config').textContent);
    const url = lessonLink(event.target.closest && event.target.closest('a'), config);
    if (!url) return;
    event.preventDefault();
    navigate(url, true);
  });
  history.replaceState({ skSite: true }, '', location.href);
  window.addEventListener('popstate', () => navigate(new URL(location.href), false));
}

async function main() {
  const config = JSON.parse(document.getElementById('sk-config').textContent);
  if (!config.cells.length) {
    // a page of text only: no Python needed
    finish('ready');
    return;
  }
  const here = (path) => new URL(path, document.baseURI).href;
  say(t('starting', 'Starting Python in your browser'));
  const session = new Session({
    pyodideUrl: here(config.pyodide),
    pipliteWheelUrl: here(config.piplite),
    pipliteUrls: [],
    disablePyPIFallback: true,
    mountDrive: false,
    loadPyodideOptions: {
      lockFileURL: here(config.lock),
      packages: config.packages,
    },
  });
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
  document.body.dataset.skKernelSeconds = ((performance.now() - started) / 1000).toFixed(2);
  followLessonLinks();
  try {
    await runCells(config);
  } finally {
    busy = false;
  }
}

main().catch((err) => {
  console.error('sette-kit site:', err);
  finish('failed', t('no_page', 'The page could not start ({error}). Reload the page to try again.', { error: err }));
});
