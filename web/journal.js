// The write-ahead journal of the table's games (issue 23): every game's newest
// save in IndexedDB, each write committed with strict durability (flushed to
// disk before it counts), so a move survives a browser killed a moment later;
// localStorage, the saves' usual home, reaches the disk seconds after a write.
// It opens and reads as soon as the page loads, while the runtime downloads, so
// Python finds it read.  Only storage lives here: ui/journal.py decides.
// Every promise handed out resolves (an error is a value), so nothing is left
// as an unhandled rejection for boot.js to take for a failed start.
(function () {
  "use strict";
  var NAME = "speeltafel-journal", GAMES = "games", META = "meta", STRICT = { durability: "strict" };

  function asked(r) {
    return new Promise(function (ok, fail) {
      r.onsuccess = function () { ok(r.result); };
      r.onerror = function () { fail(r.error); };
    });
  }
  function committed(tx) {
    return new Promise(function (ok, fail) {
      tx.oncomplete = function () { ok(); };
      tx.onerror = tx.onabort = function () { fail(tx.error || new Error("AbortError")); };
    });
  }
  function why(e) { return String((e && (e.name || e.message)) || e); }

  var db = new Promise(function (ok, fail) {
    var r = indexedDB.open(NAME, 1);  // throws where IndexedDB is refused: caught by the promise
    r.onupgradeneeded = function () {
      r.result.createObjectStore(GAMES, { keyPath: "id" });
      r.result.createObjectStore(META);
    };
    r.onsuccess = function () { ok(r.result); };
    r.onerror = function () { fail(r.error); };
    r.onblocked = function () { fail(new Error("blocked")); };
  });
  db.catch(function () {});  // handled: each use below answers the error as a value

  // {games: [{id, text, rev}], current} or {error}
  var loaded = db.then(function (d) {
    var tx = d.transaction([GAMES, META], "readonly");
    return Promise.all([asked(tx.objectStore(GAMES).getAll()), asked(tx.objectStore(META).get("current"))]);
  }).then(function (got) {
    return { games: got[0], current: got[1] === undefined ? null : got[1] };
  }, function (e) { return { error: why(e) }; });

  window.speeltafelJournal = {
    load: function () { return loaded; },
    // Write `text` as game `id` if its record is still at `rev` (0: none),
    // as this tab last saw it; resolves {ok: true, rev} once on disk,
    // {ok: false, rev, text} when another tab changed it, {error} on failure.
    put: function (id, text, rev) {
      return db.then(function (d) {
        var tx = d.transaction([GAMES, META], "readwrite", STRICT), games = tx.objectStore(GAMES), out = null;
        games.get(id).onsuccess = function (e) {
          var now = e.target.result, at = now ? now.rev : 0;
          if (at !== rev) { out = { ok: false, rev: at, text: now ? now.text : null }; return; }
          games.put({ id: id, text: text, rev: rev + 1 });
          tx.objectStore(META).put(id, "current");
          out = { ok: true, rev: rev + 1 };
          if (tx.commit) tx.commit();  // no need to wait for the end of the task
        };
        return committed(tx).then(function () { return out; });
      }).catch(function (e) { return { error: why(e) }; });
    },
    remove: function (id) {
      return db.then(function (d) {
        var tx = d.transaction([GAMES, META], "readwrite", STRICT), meta = tx.objectStore(META);
        tx.objectStore(GAMES).delete(id);
        meta.get("current").onsuccess = function (e) { if (e.target.result === id) meta.delete("current"); };
        return committed(tx).then(function () { return { ok: true }; });
      }).catch(function (e) { return { error: why(e) }; });
    },
    setCurrent: function (id) {
      return db.then(function (d) {
        var tx = d.transaction(META, "readwrite"), meta = tx.objectStore(META);
        if (id === null || id === undefined) meta.delete("current"); else meta.put(id, "current");
        return committed(tx).then(function () { return { ok: true }; });
      }).catch(function (e) { return { error: why(e) }; });
    }
  };
})();
