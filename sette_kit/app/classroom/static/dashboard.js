// The class dashboard (issue 28): draws /class/api/summary and sends the teacher's controls.
// Every text from the class (nicknames, answers, mistakes) is put in with textContent, never
// as HTML.  The teacher's secret comes in the address's fragment (#...), is kept in this
// tab's sessionStorage and taken out of the address bar, so the projector does not show it.
"use strict";
(function () {
  const KEY = "sette-kit:class-secret";
  if (location.hash.length > 1) {
    sessionStorage.setItem(KEY, decodeURIComponent(location.hash.slice(1)));
    history.replaceState(null, "", location.pathname + location.search);
  }
  const secret = sessionStorage.getItem(KEY) || "";
  const $ = (id) => document.getElementById(id);
  const SVG = "http://www.w3.org/2000/svg";
  let summary = null, version = null, shownLesson = null, exported = false;
  const cards = new Map();   // item id -> its elements, kept across updates (focus stays put)

  function el(tag, attrs, text) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function svgEl(tag, attrs, text) {
    const e = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function say(text, wrong) {
    $("status").textContent = text;
    $("status").classList.toggle("is-wrong", !!wrong);
  }

  async function api(path, body) {
    const opts = { headers: { Authorization: "Bearer " + secret } };
    if (body !== undefined) {
      opts.method = "POST";
      opts.headers["Content-Type"] = "application/json";
      opts.body = JSON.stringify(body);
    }
    const r = await fetch(path, opts);
    if (!r.ok) {
      let message = r.status + " " + r.statusText;
      try { message = (await r.json()).error || message; } catch (e) { /* not JSON */ }
      const err = new Error(message);
      err.status = r.status;
      throw err;
    }
    return r;
  }

  async function control(order) {
    try {
      await api("/class/api/control", order);
      return true;
    } catch (e) {
      say(e.message, true);
      return false;
    }
  }

  // -- drawing -----------------------------------------------------------------------------
  function itemName(it) {
    if (it.kind === "exercise") return "Exercise " + it.item;
    return "Predict " + it.item.split(".p").pop();
  }

  function chart(it) {
    // bars per bin, one per vote round, side by side; the exact answer's bin marked
    const rounds = it.rounds.filter((r) => r.answers > 0 || r.round === 1);
    const bins = (rounds[0] && rounds[0].bins) || [];
    const W = 560, H = 300, left = 20, bottom = 64, top = 44;
    const most = Math.max(1, ...rounds.flatMap((r) => r.bins.map((b) => b.count)));
    const slot = (W - left - 10) / Math.max(1, bins.length);
    const bar = Math.min(60, (slot - 8) / rounds.length);
    const label = rounds.map((r) => "round " + r.round + ": " + r.bins.map((b) => b.label + " " + b.count).join(", "));
    const svg = svgEl("svg", { viewBox: `0 0 ${W} ${H}`, role: "img",
      "aria-label": `${itemName(it)}: the class's answers. ${label.join("; ")}.` +
        (it.exact_text ? ` Exact answer: ${it.exact_text}.` : "") });
    svg.appendChild(svgEl("title", {}, itemName(it) + ": the class's answers"));
    svg.appendChild(svgEl("line", { x1: left, y1: H - bottom, x2: W - 5, y2: H - bottom, stroke: "#4b535b" }));
    if (bins.length > 6 && /%$/.test(String(bins[0] && bins[0].label))) {
      svg.appendChild(svgEl("text", { x: W - 5, y: H - 8, "text-anchor": "end", "font-size": 14 }, "in %"));
    }
    const fills = ["#125c49", "#b05d00", "#0a56a1"];
    bins.forEach((b, i) => {
      const x0 = left + i * slot + (slot - bar * rounds.length) / 2;
      rounds.forEach((r, k) => {
        const c = r.bins[i] ? r.bins[i].count : 0;
        const h = (H - bottom - top) * c / most;
        const x = x0 + k * bar;
        svg.appendChild(svgEl("rect", { x, y: H - bottom - h, width: bar - 2, height: h, fill: fills[k % 3] }));
        if (c) svg.appendChild(svgEl("text", { x: x + (bar - 2) / 2, y: H - bottom - h - 6, "text-anchor": "middle",
          "font-size": 20 }, String(c)));
      });
      const cx = left + i * slot + slot / 2;
      const words = bins.length > 6 ? String(b.label).replace(/%$/, "") : String(b.label);
      const t = svgEl("text", { x: cx, y: H - bottom + 24, "text-anchor": "middle",
        "font-size": bins.length > 6 ? 12 : 17, "font-weight": b.exact ? 700 : 400 },
        words.length > 22 ? words.slice(0, 21) + "…" : words);
      svg.appendChild(t);
      if (b.exact) {
        svg.appendChild(svgEl("rect", { x: left + i * slot + 2, y: 4, width: slot - 4, height: H - bottom - 4,
          fill: "none", stroke: "#136535", "stroke-width": 3, "stroke-dasharray": "8 5" }));
        svg.appendChild(svgEl("text", { x: cx, y: H - bottom + 48, "text-anchor": "middle", "font-size": 16,
          "font-weight": 700, fill: "#136535" }, "✓ exact"));
      }
    });
    return svg;
  }

  function table(it) {
    const t = el("table");
    const head = el("tr");
    head.appendChild(el("th", { scope: "col" }, "answer"));
    it.rounds.forEach((r) => head.appendChild(el("th", { scope: "col" }, "round " + r.round)));
    t.appendChild(head);
    const bins = (it.rounds[0] && it.rounds[0].bins) || [];
    bins.forEach((b, i) => {
      const tr = el("tr");
      tr.appendChild(el("th", { scope: "row" }, b.label + (b.exact ? " (exact)" : "")));
      it.rounds.forEach((r) => tr.appendChild(el("td", {}, String(r.bins[i] ? r.bins[i].count : 0))));
      t.appendChild(tr);
    });
    return t;
  }

  function card(it) {
    let c = cards.get(it.item);
    if (c) return c;
    const box = el("article", { class: "dash-item", "aria-labelledby": "h-" + it.item });
    const h = el("h3", { id: "h-" + it.item }, itemName(it));
    const q = el("p", { class: "dash-question" }, it.question || "");
    const meta = el("p", { class: "dash-meta" });
    const buttons = el("div", { class: "dash-buttons" });
    const reveal = el("button", { type: "button", "aria-pressed": "false" }, "Reveal");
    reveal.addEventListener("click", () => control({ action: reveal.getAttribute("aria-pressed") === "true" ? "hide" : "reveal",
      item: it.item, lesson: it.lesson }));
    buttons.appendChild(reveal);
    let again = null;
    if (it.kind !== "exercise") {
      again = el("button", { type: "button" }, "Vote again");
      again.addEventListener("click", () => control({ action: "vote_again", item: it.item, lesson: it.lesson }));
      buttons.appendChild(again);
    }
    const reset = el("button", { type: "button" }, "Reset");
    reset.addEventListener("click", () => {
      if (confirm("Reset " + itemName(it) + "? Its answers so far stop counting.")) {
        control({ action: "reset", item: it.item, lesson: it.lesson });
      }
    });
    buttons.appendChild(reset);
    const body = el("div", { class: "dash-body" });
    box.append(h, q, meta, buttons, body);
    c = { box, meta, reveal, body, key: "" };
    cards.set(it.item, c);
    return c;
  }

  function drawItem(it) {
    const c = card(it);
    const round = it.rounds.length > 1 ? ` · round ${it.round}` : "";
    c.meta.textContent = it.kind === "exercise"
      ? `${it.answers} answered · ${it.right} right now`
      : `${it.answers} ${it.answers === 1 ? "answer" : "answers"}${round}`;
    c.reveal.textContent = it.revealed ? "Hide the answer" : "Reveal";
    c.reveal.setAttribute("aria-pressed", it.revealed ? "true" : "false");
    const key = JSON.stringify([it.revealed, it.rounds, it.exact, it.answers, it.first_try_right, it.mistakes]);
    if (key === c.key) return c;
    c.key = key;
    c.body.replaceChildren();
    if (it.kind === "exercise") {
      const share = it.answers ? Math.round(100 * it.first_try_right / it.answers) : 0;
      c.body.appendChild(el("p", {}, `Right at the first try: ${it.first_try_right} of ${it.answers}` +
        (it.answers ? ` (${share}%)` : "")));
      if (it.mistakes.length) {
        c.body.appendChild(el("p", { class: "dash-mistakes" }, "Most common mistakes:"));
        const ol = el("ol");
        it.mistakes.forEach((m) => ol.appendChild(el("li", {}, `${m.mistake} (${m.count})`)));
        c.body.appendChild(ol);
      }
      return c;
    }
    if (!it.revealed) {
      c.body.appendChild(el("p", { class: "dash-hidden" },
        `Hidden until you reveal it: ${it.answers} ${it.answers === 1 ? "answer" : "answers"} so far.`));
      return c;
    }
    if (it.exact_text) c.body.appendChild(el("p", { class: "dash-exact" }, "Exact answer: " + it.exact_text));
    const wrap = el("div", { class: "dash-chart" });
    wrap.appendChild(chart(it));
    c.body.appendChild(wrap);
    const shown = it.rounds.filter((r) => r.answers > 0 || r.round === 1);
    if (shown.length > 1) {
      const legend = el("p", { class: "dash-legend" });
      shown.forEach((r) => {
        const s = el("span");
        s.append(el("span", { class: "dash-swatch dash-r" + Math.min(3, r.round), "aria-hidden": "true" }),
          document.createTextNode(`round ${r.round}: ${r.answers} answers`));
        legend.appendChild(s);
      });
      c.body.appendChild(legend);
    }
    const d = el("details");
    d.appendChild(el("summary", {}, "Show as a table"));
    d.appendChild(table(it));
    c.body.appendChild(d);
    return c;
  }

  function draw(s) {
    summary = s;
    if ($("code").textContent !== s.class) $("qr").src = "/class/api/qr.svg?class=" + encodeURIComponent(s.class);
    $("code").textContent = s.class;
    $("join").textContent = s.join || (location.origin + "/?class=" + s.class);
    $("counts").textContent = `${s.learners} joined · ${s.answered} answered in this lesson`;
    const sel = $("lesson");
    if (sel.options.length !== s.lessons.length) {
      sel.replaceChildren(...s.lessons.map((l) => el("option", { value: l.lesson }, `${l.lesson} ${l.title}`)));
      sel.value = s.lesson;
    }
    if (shownLesson !== s.lesson) {
      shownLesson = s.lesson;
      sel.value = s.lesson;
      cards.clear();
      $("items").replaceChildren();
    }
    $("lesson-title").textContent = `Lesson ${s.lesson}: ${s.title}`;
    const pause = $("pause");
    pause.setAttribute("aria-pressed", s.paused ? "true" : "false");
    pause.textContent = s.paused ? "Resume" : "Pause: eyes on the board";
    s.items.forEach((it) => {
      const c = drawItem(it);
      if (!c.box.isConnected) $("items").appendChild(c.box);
    });
    const list = $("roster-list");
    list.replaceChildren(...s.roster.map((r) => el("li", {}, `${r.nickname} (${r.answered})`)));
  }

  // -- the controls ---------------------------------------------------------------------------
  $("goto").addEventListener("click", async () => {
    if (await control({ action: "goto", lesson: $("lesson").value })) say("Everyone is sent to lesson " + $("lesson").value + ".");
  });
  $("pause").addEventListener("click", () => control({ action: summary && summary.paused ? "resume" : "pause" }));
  $("names").addEventListener("click", () => {
    const show = $("names").getAttribute("aria-pressed") !== "true";
    $("names").setAttribute("aria-pressed", show ? "true" : "false");
    $("names").textContent = show ? "Hide names" : "Show names";
    $("roster").hidden = !show;
  });
  $("export").addEventListener("click", async () => {
    try {
      const r = await api("/class/api/export.csv");
      const blob = await r.blob();
      const a = el("a", { href: URL.createObjectURL(blob), download: `class-${summary ? summary.class : "answers"}.csv` });
      document.body.appendChild(a);
      a.click();
      a.remove();
      exported = true;
      say("The answers are exported (a CSV file in your downloads).");
    } catch (e) { say(e.message, true); }
  });
  async function showNotes() {
    try {
      const r = await api("/class/api/notes?lang=" + encodeURIComponent($("notes-lang").value));
      const notes = await r.json();
      // the hub's Markdown escapes any raw HTML of the notes; parsed inert, then moved in
      const doc = new DOMParser().parseFromString(notes.html, "text/html");
      doc.querySelectorAll("script, style, iframe, object").forEach((n) => n.remove());
      doc.querySelectorAll("h1, h2, h3, h4").forEach((h) => {   // under the section's own heading
        const level = Math.min(6, Number(h.tagName[1]) + 2);
        const k = document.createElement("h" + level);
        k.append(...h.childNodes);
        h.replaceWith(k);
      });
      $("notes-text").replaceChildren(...doc.body.childNodes);
    } catch (e) { say(e.message, true); }
  }
  $("notes").addEventListener("click", () => {
    const show = $("notes").getAttribute("aria-pressed") !== "true";
    $("notes").setAttribute("aria-pressed", show ? "true" : "false");
    $("notes-box").hidden = !show;
    if (show) showNotes();
  });
  $("notes-lang").addEventListener("change", showNotes);
  $("end").addEventListener("click", async () => {
    if (!confirm("End the class? Its learners and answers are deleted from this machine.")) return;
    try {
      await api("/class/api/control", { action: "end", discard: exported });
      say("The class has ended; a new class code is on the board.");
    } catch (e) {
      if (e.status === 409 && confirm(e.message + "\n\nDelete them without exporting?")) {
        await control({ action: "end", discard: true });
      } else say(e.message, true);
    }
  });

  // -- following the class: a long poll, again at once after a change, and on after an error ----
  async function follow() {
    let pause = 500;
    for (;;) {
      try {
        const q = version === null ? "" : `?version=${version}&wait=20`;
        const r = await api("/class/api/summary" + q);
        const s = await r.json();
        version = s.version;
        draw(s);
        if ($("status").classList.contains("is-wrong") && /reach/.test($("status").textContent)) say("");
        pause = 500;
      } catch (e) {
        if (e.status === 401 || e.status === 403) {
          say("This page needs the teacher's address that sette-kit class printed (it ends with #, then the secret).", true);
          return;
        }
        say("Cannot reach the class hub; trying again…", true);
        await new Promise((ok) => setTimeout(ok, pause));
        pause = Math.min(pause * 2, 5000);
      }
    }
  }
  follow();
})();
