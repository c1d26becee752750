// Shows progress from the first paint until Python takes over, and says so
// clearly when the runtime cannot load.  No game logic lives here.
(function () {
  "use strict";
  var lang = (navigator.language || "nl").slice(0, 2);
  try { lang = (JSON.parse(localStorage.getItem("speeltafel:prefs") || "{}").lang) || lang; } catch (e) {}
  if (["nl", "en", "de"].indexOf(lang) < 0) lang = "en";
  var words = {
    nl: { start: "De speeltafel wordt klaargezet…", runtime: "Python wordt geladen…", files: "Spelregels worden geladen…",
          fail: "De speeltafel kon niet starten: ", retry: "Opnieuw proberen", slow: "Dit duurt langer dan normaal…" },
    en: { start: "Setting up the table…", runtime: "Loading Python…", files: "Loading the rules…",
          fail: "The table could not start: ", retry: "Try again", slow: "This is taking longer than usual…" },
    de: { start: "Der Spieltisch wird aufgebaut…", runtime: "Python wird geladen…", files: "Spielregeln werden geladen…",
          fail: "Der Spieltisch konnte nicht starten: ", retry: "Erneut versuchen", slow: "Das dauert länger als üblich…" }
  }[lang];
  document.documentElement.lang = lang;
  function el(id) { return document.getElementById(id); }
  function step(msg, value) {
    if (document.body.dataset.ready !== "loading") return;
    if (msg) el("boot-msg").textContent = msg;
    if (value && el("boot-progress").value < value) el("boot-progress").value = value;
  }
  function fail(reason) {
    if (document.body.dataset.ready !== "loading") return;
    document.body.dataset.ready = "failed";
    var box = el("boot-error");
    box.hidden = false;
    box.textContent = words.fail + reason + " ";
    var again = document.createElement("button");
    again.textContent = words.retry;
    again.onclick = function () { location.reload(); };
    box.appendChild(again);
    el("boot-progress").hidden = true;
  }
  window.speeltafelBoot = { step: step, fail: fail, lang: lang };
  document.addEventListener("DOMContentLoaded", function () { step(words.start, 10); });
  addEventListener("py:progress", function (e) {
    var d = String(e.detail || "");
    if (/Loading Pyodide/i.test(d)) step(words.runtime, 25);
    else if (/Loaded Pyodide/i.test(d)) step(words.files, 60);
    else if (/Loaded files/i.test(d)) step(null, 75);
  });
  addEventListener("error", function (e) {
    var t = e.target;
    if (t && t !== window && (t.src || t.href)) fail((t.src || t.href).split("/").pop());
    else if (e.message) fail(e.message);
  }, true);
  addEventListener("unhandledrejection", function (e) { fail(String(e.reason && e.reason.message || e.reason)); });
  setTimeout(function () { step(words.slow); }, 20000);
  setTimeout(function () { fail("timeout"); }, 120000);
})();
