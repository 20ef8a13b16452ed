/* sette-kit theme: projector mode (issue 16).  No network, no dependencies.
 *
 * Projector mode is the class "sk-projector" on <html>; sette-kit.css rescales the page
 * for a room (text 24 px, cards >= 112 px wide, 52 px controls, charts across the column).
 *
 *   - ?projector=1 (or true/on/yes) in the address turns it on, ?projector=0 off; the
 *     choice is remembered in this browser (localStorage "sette-kit:projector"), so the
 *     next lesson opens the same way;
 *   - every element with the attribute data-sk-projector-toggle is a switch: a click,
 *     Enter or Space flips the mode; its aria-pressed says the state, and an element
 *     inside it with the class sk-switch-state says "on" / "off";
 *   - window.setteKit.projector(): the state; window.setteKit.projector(true|false): set it.
 *
 * It also tells screen readers the state of ipywidgets' toggle buttons ("Hints",
 * "Quiz mode"): ipywidgets shows it only by a class (mod-active), so each
 * .widget-toggle-button gets aria-pressed, kept in step by a MutationObserver.
 *
 * Run this file in <head> (before the body is drawn: no flash of the other size), or
 * anywhere: switches added later are wired when the document has loaded.
 */
(function () {
  "use strict";
  var KEY = "sette-kit:projector";
  var root = document.documentElement;

  function stored() {
    try { return window.localStorage.getItem(KEY) === "1"; } catch (e) { return false; }
  }
  function store(on) {
    try { window.localStorage.setItem(KEY, on ? "1" : "0"); } catch (e) { /* private mode */ }
  }
  function fromAddress() {
    var m = /[?&]projector=([^&#]*)/.exec(window.location.search);
    if (!m) { return null; }
    var v = decodeURIComponent(m[1]).toLowerCase();
    return !(v === "0" || v === "false" || v === "off" || v === "no");
  }
  function paint(on) {
    root.classList.toggle("sk-projector", on);
    var switches = document.querySelectorAll("[data-sk-projector-toggle]");
    for (var i = 0; i < switches.length; i++) {
      switches[i].setAttribute("aria-pressed", on ? "true" : "false");
      var state = switches[i].querySelector(".sk-switch-state");
      if (state) { state.textContent = on ? (switches[i].dataset.skOn || "on") : (switches[i].dataset.skOff || "off"); }
    }
  }
  function projector(on) {
    if (on === undefined) { return root.classList.contains("sk-projector"); }
    on = !!on;
    store(on);
    paint(on);
    return on;
  }
  function wire() {
    var switches = document.querySelectorAll("[data-sk-projector-toggle]");
    for (var i = 0; i < switches.length; i++) {
      var s = switches[i];
      if (s.getAttribute("data-sk-wired")) { continue; }
      s.setAttribute("data-sk-wired", "1");
      s.addEventListener("click", function (ev) { ev.preventDefault(); projector(!projector()); });
    }
    paint(projector());
  }

  function pressedState(root0) {
    var buttons = (root0 || document).querySelectorAll
      ? (root0 || document).querySelectorAll(".widget-toggle-button") : [];
    for (var i = 0; i < buttons.length; i++) {
      var on = buttons[i].classList.contains("mod-active") ? "true" : "false";
      if (buttons[i].getAttribute("aria-pressed") !== on) { buttons[i].setAttribute("aria-pressed", on); }
    }
  }
  function watchToggles() {
    pressedState(document);
    if (!window.MutationObserver) { return; }
    new MutationObserver(function (records) {
      for (var i = 0; i < records.length; i++) {
        var t = records[i].target;
        if (records[i].type === "attributes") {
          if (t.classList && t.classList.contains("widget-toggle-button")) { pressedState(t.parentNode); }
        } else if (records[i].addedNodes.length) {
          pressedState(t);
        }
      }
    }).observe(document.body, {subtree: true, childList: true, attributes: true, attributeFilter: ["class"]});
  }

  var asked = fromAddress();
  if (asked !== null) { store(asked); }
  paint(asked !== null ? asked : stored());
  window.addEventListener("storage", function (ev) { if (ev.key === KEY) { paint(ev.newValue === "1"); } });
  function ready() { wire(); watchToggles(); }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", ready);
  } else {
    ready();
  }
  window.setteKit = window.setteKit || {};
  window.setteKit.projector = projector;
})();
