// From the first paint until Python takes over: shows the lobby that `make
// dist` rendered into the page (web/ui/prerender.py) in the player's language,
// with their last settings, or the game being resumed; shows the progress;
// remembers a "Start" pressed before Python is ready; and says so clearly
// when the runtime cannot load.  No game logic lives here: which parts of the
// form show is CSS, and Python reads the form back when it is ready.
(function () {
  "use strict";
  var prefs = {};
  try { prefs = JSON.parse(localStorage.getItem("speeltafel:prefs") || "{}") || {}; } catch (e) {}
  // as ui/i18n.py's pick_lang: the chosen language, else the browser's, else English
  var lang = [prefs.lang, String(navigator.language || "").slice(0, 2).toLowerCase(), "en"].filter(function (l) {
    return ["nl", "en", "de"].indexOf(l) >= 0;
  })[0];
  var WORDS = {
    nl: { start: "De speeltafel wordt klaargezet…", runtime: "Python wordt geladen…", files: "Spelregels worden geladen…",
          fail: "De speeltafel kon niet starten: ", retry: "Opnieuw proberen", slow: "Dit duurt langer dan normaal…",
          update: "Er is een nieuwe versie van de speeltafel.", reload: "Opnieuw laden" },
    en: { start: "Setting up the table…", runtime: "Loading Python…", files: "Loading the rules…",
          fail: "The table could not start: ", retry: "Try again", slow: "This is taking longer than usual…",
          update: "A new version of the table is available.", reload: "Reload" },
    de: { start: "Der Spieltisch wird aufgebaut…", runtime: "Python wird geladen…", files: "Spielregeln werden geladen…",
          fail: "Der Spieltisch konnte nicht starten: ", retry: "Erneut versuchen", slow: "Das dauert länger als üblich…",
          update: "Eine neue Version des Spieltischs ist da.", reload: "Neu laden" }
  };
  var words = WORDS[lang];
  document.documentElement.lang = lang;
  function el(id) { return document.getElementById(id); }
  function loading() { return document.body.dataset.ready === "loading"; }
  var queued = false;  // a "Start" waits for Python: its message stays
  function step(msg, value) {
    if (!loading()) return;
    if (msg && !queued) el("boot-msg").textContent = msg;
    if (value && el("boot-progress").value < value) el("boot-progress").value = value;
  }
  function fail(reason) {
    if (!loading()) return;
    document.body.dataset.ready = "failed";
    var box = el("boot-error");
    box.hidden = false;
    box.textContent = words.fail + reason + " ";
    var again = document.createElement("button");
    again.textContent = words.retry;
    again.onclick = function () { location.reload(); };
    box.appendChild(again);
    el("boot-progress").hidden = true;
    var lobby = el("prelobby");
    if (lobby) lobby.inert = true;  // it could not start a game now
  }

  // The save being resumed, from storage as it is: its game and player names
  // (null when there is none or it cannot be read; Python decides anyway).
  function resuming() {
    try {
      var id = localStorage.getItem("speeltafel:current");
      var save = id && JSON.parse(localStorage.getItem("speeltafel:save:" + id));
      if (!save || typeof save.game !== "string") return null;
      var names = save.meta && Array.isArray(save.meta.names) ? save.meta.names.map(String) : [];
      return { game: save.game, names: names };
    } catch (e) { return null; }
  }
  // Put the player's last lobby settings (prefs.lobby, what Python remembers)
  // into the form; a value the form does not offer keeps the default.
  function setValue(control, value) {
    if (!control) return;
    var before = control.value;
    control.value = value;
    if (control.value !== value) control.value = before;
  }
  function fill(root, saved) {
    if (!saved || typeof saved.game !== "string") return;
    var radio = root.querySelector('[name=game][value="' + CSS.escape(saved.game) + '"]');
    var form = root.querySelector('.pre-game[data-game="' + CSS.escape(saved.game) + '"]');
    if (!radio || !form) return;
    radio.checked = true;
    function field(name) { return form.querySelector('[name="' + CSS.escape(name) + '"]'); }
    setValue(field("seats"), String(saved.seats));
    (Array.isArray(saved.players) ? saved.players : []).forEach(function (p, i) {
      if (!p) return;
      if (typeof p.name === "string") setValue(field("name-" + i), p.name);
      setValue(field("kind-" + i), p.kind === "bot" ? "bot:" + p.level : String(p.kind));
    });
    var options = saved.options && typeof saved.options === "object" ? saved.options : {};
    Object.keys(options).forEach(function (id) {
      var value = options[id], control = field("opt-" + id);
      if (control && control.type === "checkbox") control.checked = value === true;
      else if (control) {
        for (var i = 0; i < control.options.length; i++) {
          if (JSON.parse(control.options[i].value) === value) control.selectedIndex = i;
        }
      }
      if (Array.isArray(value)) {
        form.querySelectorAll('[name="' + CSS.escape("sub-" + id) + '"]').forEach(function (box) {
          box.checked = value.some(function (v) { return JSON.stringify(v) === JSON.stringify(JSON.parse(box.value)); });
        });
      }
    });
  }
  // First paint: the lobby in the player's language (or the game being
  // resumed), before any runtime file has arrived.
  function paint() {
    var app = el("app"), lobby = el("pre-" + lang);
    if (!app || !lobby || !loading()) return;
    app.textContent = "";
    app.appendChild(lobby.content.cloneNode(true));
    try { fill(app, prefs.lobby); } catch (e) { /* the defaults stay */ }
    try {  // the bots' pace, a preference of the device (Python reads a change back)
      app.querySelectorAll("select[name=pace]").forEach(function (s) { setValue(s, String(prefs.bot_pace)); });
    } catch (e) { /* the default stays */ }
    var save = resuming(), panel = el("pre-resume-" + lang);
    var name = save && panel && panel.content.querySelector('[data-game="' + CSS.escape(save.game) + '"]');
    if (name) {
      var resume = panel.content.cloneNode(true);
      resume.querySelector('[data-game="' + CSS.escape(save.game) + '"]').hidden = false;
      resume.querySelector(".resume-players").textContent = save.names.join(", ");
      for (var child = app.firstElementChild; child; child = child.nextElementSibling) child.hidden = true;
      app.appendChild(resume);
    }
  }
  // "Start" before Python is ready: remembered (Python starts the game when it
  // takes over) and said in the progress line.
  document.addEventListener("click", function (e) {
    var button = e.target.closest && e.target.closest("[data-prestart]");
    if (!button || !loading()) return;
    document.body.dataset.queued = "start";
    el("boot-msg").textContent = button.dataset.queued;
    queued = true;
    var lobby = el("prelobby");
    if (lobby) lobby.inert = true;
  });
  // The language picked before Python is ready: the lobby in that language.
  document.addEventListener("change", function (e) {
    if (e.target.id !== "lang" || !loading() || !WORDS[e.target.value]) return;
    lang = e.target.value;
    words = WORDS[lang];
    document.documentElement.lang = lang;
    paint();
    el("lang").focus();
  });

  // The runtime (PyScript, then Pyodide) is asked for once the lobby is on the
  // screen, so on a slow line the first paint does not share it with 13 MB.
  function loadRuntime(src) {
    var started = false;
    function go() {
      if (started) return;
      started = true;
      var script = document.createElement("script");
      script.type = "module";
      script.src = src;
      document.head.appendChild(script);
    }
    requestAnimationFrame(function () { setTimeout(go, 0); });
    setTimeout(go, 200);  // a tab in the background draws no frames
  }

  // PyScript watches the whole page for <script type="py"> and py-* event
  // attributes added later (a MutationObserver on the document), looking
  // through every node a move adds: ~4 ms of a slow tablet's CPU a move,
  // inside the frame that draws it.  The table adds neither, so the watch
  // ends once Python has taken over (started).
  var pageWatchers = [], observe = MutationObserver.prototype.observe;
  MutationObserver.prototype.observe = function (target) {
    if (target === document && document.body && loading()) pageWatchers.push(this);
    return observe.apply(this, arguments);
  };
  // Python has taken over: the watch above ends, and the prerendered lobby's
  // templates, painted only while loading, leave the page (the garbage
  // collector walked their ~1,300 elements at every collection).
  function started() {
    MutationObserver.prototype.observe = observe;
    pageWatchers.forEach(function (watcher) { watcher.disconnect(); });
    pageWatchers = [];
    document.querySelectorAll("body > template[id^=pre-]").forEach(function (t) { t.remove(); });
  }

  window.speeltafelBoot = { step: step, fail: fail, paint: paint, loadRuntime: loadRuntime, lang: lang, started: started };
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
