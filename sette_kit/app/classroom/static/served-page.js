// A lesson page of `sette-kit serve --class` in a class (issue 28 item 6).
//
// The lesson's Python runs on the teacher's machine; this page holds the learner's place
// in the class exactly as a page of the static site does (class.js: the join, the answers
// queued in this browser until the hub has them, the long poll of the teacher's
// controls).  Page and kernel talk through the hidden pair of widgets the lesson's header
// shows (widgets/class_bridge.py):
//   - the outbox (.sk-class-outbox) lists, as JSON, the answers the page has not yet got;
//     each new one is queued for the hub, then the page says it got it;
//   - the inbox (.sk-class-inbox input) takes what the page has said so far, as one JSON
//     object {join, got, state, restore}: cumulative, because ipywidgets merges quick
//     updates of one widget into the last.
// The header's marker (.sk-class-served) says the lesson, the language and the words; the
// template loads this script only when the cells carry the marker, and the script waits
// until the marker and the bridge are drawn.  Not in a class (no ?class=
// in the address, none joined in this browser) nothing here runs.
import { ClassLink, phrase } from '/class/learner/class.js';

// the header's marker and the bridge, both outputs of the lesson's first cell, once drawn
function whenDrawn() {
  const find = () => {
    const marker = document.querySelector('.sk-class-served');
    const inbox = document.querySelector('.sk-class-inbox input');
    const outbox = document.querySelector('.sk-class-outbox');
    return marker && inbox && outbox ? { marker, inbox, outbox } : null;
  };
  return new Promise((resolve) => {
    const found = find();
    if (found) {
      resolve(found);
      return;
    }
    const watch = new MutationObserver(() => {
      const now = find();
      if (now) {
        watch.disconnect();
        resolve(now);
      }
    });
    watch.observe(document.body, { childList: true, subtree: true });
  });
}

const drawn = await whenDrawn();
const lesson = drawn.marker.dataset.skLesson;
const lang = drawn.marker.dataset.skLang || 'en';
let words = {};
try {
  words = JSON.parse(drawn.marker.dataset.skWords || '{}');
} catch (err) { /* English, the script's own words */ }
const t = (key, english, values) => phrase(words, key, english, values);

const said = {}; // what the page has told its kernel so far
const bridge = { inbox: drawn.inbox, outbox: drawn.outbox };
let lastSeq = 0;

function tell() {
  if (!Object.keys(said).length) return;
  bridge.inbox.value = JSON.stringify(said);
  bridge.inbox.dispatchEvent(new Event('change', { bubbles: true }));
}

// the hub's state: the teacher's lesson (when the teacher has just moved the class),
// reveals, rounds, resets; the learner's own answers go back once, after the first state
function follow(state, moved) {
  if (moved && state.lesson && state.lesson !== lesson) {
    location.href = new URL(`/class/lesson/${encodeURIComponent(state.lesson)}?lang=${encodeURIComponent(lang)}`,
      location.href).href;
    return;
  }
  said.join = true;
  said.state = state;
  if (!('restore' in said)) said.restore = link.answersOf(lesson);
  tell();
}

function read() {
  let box;
  try {
    box = JSON.parse(bridge.outbox.textContent || '{}');
  } catch (err) {
    return;
  }
  let fresh = false;
  for (const [seq, event] of box.events || []) {
    if (seq > lastSeq) {
      link.enqueue(event);
      lastSeq = seq;
      fresh = true;
    }
  }
  if (fresh) {
    said.got = lastSeq;
    tell();
  }
}

const link = new ClassLink(t, { follow });
if (link.active) {
  link.start().catch((err) => console.error('sette-kit class:', err));
  new MutationObserver(read).observe(bridge.outbox, { childList: true, subtree: true, characterData: true });
  read();
  document.body.dataset.skClassBridge = 'ready';
}
