// Shows progress from the first paint until Python takes over, and says so
// clearly when the runtime cannot load.  No game logic lives here.
(function () {
  "use strict";
  var lang = (navigator.language || "nl").slice(0, 2);
  try { lang = (JSON.parse(localStorage.getItem("speeltafel:prefs") || "{}").lang) || lang; } catch (e) {}
  if (["nl", "en", "de"].indexOf(lang) < 0) lang = "en";
  var words = {
    nl: { start: "De speeltafel wordt klaargezet…", runtime: "Python wordt geladen…", files: "Spelregels worden geladen…",
          fail: "De speeltafel kon niet starten: ", retry: "Opnieuw proberen", slow: "Dit duurt langer dan normaal…",
          update: "Er is een nieuwe versie van de speeltafel.", reload: "Opnieuw laden" },
    en: { start: "Setting up the table…", runtime: "Loading Python…", files: "Loading the rules…",
          fail: "The table could not start: ", retry: "Try again", slow: "This is taking longer than usual…",
          update: "A new version of the table is available.", reload: "Reload" },
    de: { start: "Der Spieltisch wird aufgebaut…", runtime: "Python wird geladen…", files: "Spielregeln werden geladen…",
          fail: "Der Spieltisch konnte nicht starten: ", retry: "Erneut versuchen", slow: "Das dauert länger als üblich…",
          update: "Eine neue Version des Spieltischs ist da.", reload: "Neu laden" }
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

  // Offline: a service worker keeps every file of the site.  It is registered
  // once the table is up (so it never competes with the first start), and a
  // new version is only taken when the player agrees.
  function offerUpdate(worker) {
    if (el("update-banner")) return;
    var bar = document.createElement("div");
    bar.id = "update-banner";
    bar.setAttribute("role", "status");
    bar.textContent = words.update + " ";
    var button = document.createElement("button");
    button.id = "update-reload";
    button.textContent = words.reload;
    button.onclick = function () { reloading = true; worker.postMessage("skipWaiting"); };
    bar.appendChild(button);
    document.body.appendChild(bar);
  }
  var reloading = false;
  function register() {
    navigator.serviceWorker.register("./sw.js").then(function (reg) {
      if (reg.waiting && navigator.serviceWorker.controller) offerUpdate(reg.waiting);
      reg.addEventListener("updatefound", function () {
        var worker = reg.installing;
        worker.addEventListener("statechange", function () {
          if (worker.state === "installed" && navigator.serviceWorker.controller) offerUpdate(worker);
        });
      });
    }).catch(function () { /* no offline copy; the table still works online */ });
    navigator.serviceWorker.addEventListener("controllerchange", function () {
      if (reloading) location.reload();
    });
  }
  if ("serviceWorker" in navigator && location.protocol.indexOf("http") === 0) {
    var waitReady = setInterval(function () {
      var ready = document.body && document.body.dataset.ready;
      if (ready && ready !== "loading") { clearInterval(waitReady); register(); }
    }, 250);
  }
  setTimeout(function () { fail("timeout"); }, 120000);
})();
