// A lesson page in a class (sette-kit class, issue 28; the API: docs/classroom.md).
//
// Not in a class (no ?class= in the address, none joined in this browser), nothing here
// runs and the page sends nothing anywhere.  In a class:
//   - joining: ?class=<code> asks for a nickname (one is offered by the hub), joins, and
//     keeps the learner's token in localStorage (sette-kit:class): a reload stays in;
//   - answers: Python (sette_kit.classroom.link) posts each answer to the page as a
//     sette_kit_class message; it goes into a localStorage queue first, then to the hub
//     until the hub acknowledges it (retried after 1 s, doubling to 30 s, with jitter, and
//     at once when the browser is back online): a dropped Wi-Fi or a hub restarted loses
//     nothing, and a reload sends what is left;
//   - the teacher: a long poll of the class's state sends the page to the teacher's
//     lesson, shows "eyes on the board" while paused, and passes reveals, new rounds
//     (vote again) and resets to the page's widgets.

// `english`, or its words in `words` (the page's language), with {name} filled from `values`:
// how both kinds of page (the static site's, a served lesson's) say things
export function phrase(words, key, english, values = {}) {
  const text = words[key] || english;
  return text.replace(/\{(\w+)\}/g, (m, name) => (name in values ? String(values[name]) : m));
}

const KEY = 'sette-kit:class';
const BATCH = 100;
const WAIT_S = 20;

function api(path) {
  return new URL(`/class/api/${path}`, location.origin).href;
}

function load() {
  try {
    return JSON.parse(localStorage.getItem(KEY)) || null;
  } catch (err) {
    return null;
  }
}

function randomId() {
  const bytes = new Uint8Array(6);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// one retry schedule: 1 s, doubling to 30 s, a little random jitter; reset on success
class Backoff {
  constructor() { this.reset(); }
  reset() { this.delay = 1000; }
  next(retryAfterS) {
    const wait = retryAfterS ? retryAfterS * 1000 : this.delay;
    this.delay = Math.min(30000, this.delay * 2);
    return wait + Math.random() * 250;
  }
}

export class ClassLink {
  // t: the page's words; config: the page's config (its lesson, its pages);
  // hooks: {follow(state, moved)}: the page goes to the teacher's lesson when moved, and
// its Python applies the reveals, rounds and resets
  constructor(t, hooks) {
    this.t = t;
    this.hooks = hooks;
    this.code = (new URLSearchParams(location.search).get('class') || '').trim().toUpperCase();
    this.data = load();
    if (this.data && this.code && this.data.code !== this.code) this.data = null; // another class
    if (!this.data && this.code) this.data = { code: this.code, queue: [], prefix: randomId(), counter: 0 };
    this.active = !!this.data;
    this.sending = false;
    this.sendBackoff = new Backoff();
    this.pollBackoff = new Backoff();
    this.state = null;
    this.batch = BATCH;
  }

  save() {
    try {
      localStorage.setItem(KEY, JSON.stringify(this.data));
    } catch (err) {
      console.warn('sette-kit class: the answers could not be kept in this browser', err);
    }
  }

  headers() {
    const h = { 'Content-Type': 'application/json' };
    if (this.data.token) h.Authorization = `Bearer ${this.data.token}`;
    return h;
  }

  // ---- joining ---------------------------------------------------------------------

  async start() {
    if (!this.active) return;
    this.bar();
    window.addEventListener('online', () => { this.flush(); });
    if (!this.data.token) await this.join();
    this.save();
    this.bar();
    this.flush();
    this.poll();
  }

  async join() {
    const { t } = this;
    const box = document.createElement('div');
    box.className = 'sk-class-join';
    box.setAttribute('role', 'dialog');
    box.setAttribute('aria-modal', 'true');
    box.setAttribute('aria-labelledby', 'sk-class-join-title');
    box.innerHTML = `<form class="sk-class-join-form">
      <h2 id="sk-class-join-title"></h2>
      <p class="sk-class-join-code"></p>
      <label for="sk-class-nickname"></label>
      <input id="sk-class-nickname" name="nickname" maxlength="24" autocomplete="off" required>
      <p class="sk-class-join-hint" id="sk-class-join-hint"></p>
      <p class="sk-class-join-error" role="alert"></p>
      <div class="sk-class-join-buttons"><button type="submit" class="sk-class-join-go"></button>
      <button type="button" class="sk-class-join-other"></button></div></form>`;
    box.querySelector('h2').textContent = t('join_title', 'Join the class');
    box.querySelector('.sk-class-join-code').textContent = this.data.code;
    box.querySelector('label').textContent = t('join_nickname', 'Your nickname');
    box.querySelector('.sk-class-join-hint').textContent = t('join_hint',
      'No account and no e-mail: a nickname of 1 to 24 characters, shown to your teacher.');
    const input = box.querySelector('input');
    input.setAttribute('aria-describedby', 'sk-class-join-hint');
    const go = box.querySelector('.sk-class-join-go');
    const other = box.querySelector('.sk-class-join-other');
    const error = box.querySelector('.sk-class-join-error');
    go.textContent = t('join_button', 'Join');
    other.textContent = t('join_other', 'Another nickname');
    document.body.appendChild(box);
    const offer = async () => {
      try {
        const r = await fetch(api('nickname'), { cache: 'no-store' });
        if (r.ok) input.value = (await r.json()).nickname || '';
      } catch (err) { /* the learner types one */ }
      input.select();
    };
    other.addEventListener('click', offer);
    input.focus();
    offer();
    await new Promise((resolve) => {
      box.querySelector('form').addEventListener('submit', async (event) => {
        event.preventDefault();
        go.disabled = true;
        error.textContent = '';
        try {
          const r = await fetch(api('join'), { method: 'POST', headers: this.headers(),
            body: JSON.stringify({ code: this.data.code, nickname: input.value }) });
          const answer = await r.json().catch(() => ({}));
          if (r.ok) {
            Object.assign(this.data, { token: answer.token, learner: answer.learner, nickname: answer.nickname });
            if (answer.state) this.state = answer.state;
            box.remove();
            resolve();
            return;
          }
          error.textContent = r.status === 404 ? t('join_unknown',
            'There is no class with the code {code}: check the address with your teacher.', { code: this.data.code })
            : t('join_failed', 'Could not join: {error}', { error: answer.error || `HTTP ${r.status}` });
        } catch (err) {
          error.textContent = t('class_offline', 'The class cannot be reached: your answers are kept and sent when it can.');
        }
        go.disabled = false;
      });
    });
  }

  // the line that says the page is in a class (and what waits to be sent)
  bar() {
    let el = document.getElementById('sk-class-bar');
    if (!el) {
      el = document.createElement('p');
      el.id = 'sk-class-bar';
      el.className = 'sk-class-bar';
      el.setAttribute('role', 'status');
      const header = document.querySelector('.sk-site-header, .sk-topbar-inner');
      if (header) header.appendChild(el);
      else document.body.prepend(el);
    }
    const { t, data } = this;
    let text = data.nickname ? t('in_class', 'In class {code} as {nickname}', { code: data.code, nickname: data.nickname })
      : data.code;
    if (data.ended) text = t('class_ended', 'The class has ended. Your answers stay in this browser.');
    else {
      if (data.queue.length) text += ` · ${t('class_waiting', 'Answers waiting to be sent: {n}', { n: data.queue.length })}`;
      if (this.offline) text += ` · ${t('class_offline', 'The class cannot be reached: your answers are kept and sent when it can.')}`;
    }
    el.textContent = text;
    document.body.dataset.skClassQueue = String(data.queue.length);
  }

  // ---- answers ---------------------------------------------------------------------

  enqueue(event) {
    if (!this.active || this.data.ended) return;
    this.data.counter += 1;
    const id = `${this.data.prefix}-${this.data.counter}`;
    this.data.queue.push({ ...event, id, client_time: Date.now() / 1000 });
    if (event.kind === 'predict' || event.kind === 'exercise') {
      // the learner's own answers (a guess, an exercise's last answer) stay in this
      // browser: a reload shows them again
      this.data.answers = this.data.answers || {};
      this.data.answers[event.item] = { lesson: event.lesson, kind: event.kind, answer: event.answer, round: event.round };
    }
    this.save();
    this.bar();
    this.flush();
  }

  async flush() {
    if (this.sending || !this.data.token || this.data.ended) return;
    this.sending = true;
    try {
      while (this.data.queue.length) {
        const events = this.data.queue.slice(0, this.batch);
        let r;
        try {
          r = await fetch(api('events'), { method: 'POST', headers: this.headers(), body: JSON.stringify({ events }) });
        } catch (err) {
          r = null;
        }
        if (r && (r.ok || r.status === 422)) {
          const answer = await r.json().catch(() => ({}));
          const done = new Set([...(answer.ack || []), ...(answer.rejected || []).map((x) => x.id)]);
          for (const x of answer.rejected || []) console.warn('sette-kit class: the hub refused an answer', x);
          this.data.queue = this.data.queue.filter((e) => !done.has(e.id));
          this.save();
          this.offline = false;
          this.sendBackoff.reset();
          this.batch = BATCH;
          this.bar();
          if (!done.size) break; // nothing moved: do not spin
        } else if (r && r.status === 401) {
          this.ended();
          break;
        } else if (r && r.status === 413 && this.batch > 1) {
          this.batch = Math.max(1, Math.floor(this.batch / 2));
        } else {
          this.offline = !r || r.status >= 500;
          this.bar();
          const after = r ? Number(r.headers.get('Retry-After')) || 0 : 0;
          await sleep(this.sendBackoff.next(after));
        }
      }
    } finally {
      this.sending = false;
    }
  }

  // the learner's own Predict answers in lesson `lesson`, for the page to show again
  answersOf(lesson) {
    const out = {};
    for (const [item, said] of Object.entries(this.data.answers || {})) {
      if (said.lesson === lesson) out[item] = said;
    }
    return out;
  }

  ended() {
    this.data.ended = true;
    this.data.token = null;
    this.save();
    this.bar();
  }

  // ---- following the teacher -------------------------------------------------------

  async poll() {
    let version = null;
    if (this.state) this.apply(this.state);
    while (this.data.token && !this.data.ended) {
      const query = version === null ? '' : `?version=${encodeURIComponent(version)}&wait=${WAIT_S}`;
      let r;
      try {
        r = await fetch(api(`state${query}`), { headers: this.headers(), cache: 'no-store' });
      } catch (err) {
        r = null;
      }
      if (r && r.ok) {
        const state = await r.json();
        this.pollBackoff.reset();
        if (this.offline) {
          this.offline = false;
          this.bar();
          this.flush();
        }
        if (version === null || state.version !== version) this.apply(state);
        version = state.version;
      } else if (r && r.status === 401) {
        this.ended();
      } else {
        this.offline = true;
        this.bar();
        await sleep(this.pollBackoff.next(r ? Number(r.headers.get('Retry-After')) || 0 : 0));
      }
    }
  }

  // moved: the teacher chose another lesson since this browser last heard (a learner who
  // reads ahead on their own is sent back only when the teacher moves the class)
  apply(state) {
    this.state = state;
    const moved = !!state.lesson && state.lesson !== this.data.lesson;
    if (moved) {
      this.data.lesson = state.lesson;
      this.save();
    }
    this.pause(!!state.paused);
    document.body.dataset.skClassVersion = String(state.version);
    this.hooks.follow(state, moved);
  }

  pause(on) {
    let el = document.getElementById('sk-class-pause');
    if (!on) {
      if (el) el.remove();
      return;
    }
    if (el) return;
    el = document.createElement('div');
    el.id = 'sk-class-pause';
    el.className = 'sk-class-pause';
    el.setAttribute('role', 'alertdialog');
    el.setAttribute('aria-modal', 'true');
    el.setAttribute('aria-labelledby', 'sk-class-pause-title');
    const h = document.createElement('h2');
    h.id = 'sk-class-pause-title';
    h.textContent = this.t('class_paused', 'Eyes on the board');
    const p = document.createElement('p');
    p.textContent = this.t('class_paused_hint', 'Your teacher paused the class. The lesson comes back when the teacher resumes.');
    el.append(h, p);
    document.body.appendChild(el);
  }
}
