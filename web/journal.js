// The write-ahead journal of the table's games (issue 23): every game's newest
// save in IndexedDB, each write committed with strict durability (flushed to
// disk before it counts), so a move survives a browser killed a moment later;
// localStorage, the saves' usual home, reaches the disk seconds after a write.
// It opens and reads as soon as the page loads, while the runtime downloads, so
// Python finds it read.  Only storage lives here: ui/journal.py decides.
//
// A game's save is a record keyed [id, revision].  A write adds revision r+1
// (r: the newest this tab saw), deletes the ones up to r and commits at once:
// every request is made when the write is asked for, so the browser puts it on
// disk while the page draws the move, never waiting for the page's thread.  If
// another tab wrote r+1 already the add fails (and nothing is written); if it
// wrote further, the write is kept under the other tab's newer one and said.
// Every promise handed out resolves (an error is a value), so nothing is left
// as an unhandled rejection for boot.js to take for a failed start.
(function () {
  "use strict";
  var NAME = "speeltafel-journal", SAVES = "saves", META = "meta", STRICT = { durability: "strict" };

  function asked(r) {
    return new Promise(function (ok, fail) {
      r.onsuccess = function () { ok(r.result); };
      r.onerror = function () { fail(r.error); };
    });
  }
  function committed(tx) {
    return new Promise(function (ok, fail) {
      tx.oncomplete = function () { ok(); };
      tx.onabort = function () { fail(tx.error || new Error("AbortError")); };  // a failed request aborts it
    });
  }
  function why(e) { return String((e && (e.name || e.message)) || e); }
  function revisions(id, from, to) { return IDBKeyRange.bound([id, from], [id, to]); }
  function done(tx) { if (tx.commit) tx.commit(); }  // no need to wait for the end of the page's task

  var db = new Promise(function (ok, fail) {
    var r = indexedDB.open(NAME, 1);  // throws where IndexedDB is refused: caught by the promise
    r.onupgradeneeded = function () {
      r.result.createObjectStore(SAVES, { keyPath: ["id", "rev"] });
      r.result.createObjectStore(META);
    };
    r.onsuccess = function () { ok(r.result); };
    r.onerror = function () { fail(r.error); };
    r.onblocked = function () { fail(new Error("blocked")); };
  });
  db.catch(function () {});  // handled: each use below answers the error as a value
  var open = null;
  db.then(function (d) { open = d; }, function () {});
  // f(db) now if the database is open (a write is asked of the browser at once,
  // even if the page's thread stays busy), else once it is; errors as values
  function withDb(f) {
    var run = open ? new Promise(function (ok) { ok(f(open)); }) : db.then(f);
    return run.catch(function (e) { return { error: why(e) }; });
  }

  // the newest record of each game: {games: [{id, text, rev}], current} or {error}
  var loaded = db.then(function (d) {
    var tx = d.transaction([SAVES, META], "readonly");
    return Promise.all([asked(tx.objectStore(SAVES).getAll()), asked(tx.objectStore(META).get("current"))]);
  }).then(function (got) {
    var newest = {};
    got[0].forEach(function (r) { if (!newest[r.id] || newest[r.id].rev < r.rev) newest[r.id] = r; });
    return { games: Object.keys(newest).map(function (id) { return newest[id]; }),
             current: got[1] === undefined ? null : got[1] };
  }, function (e) { return { error: why(e) }; });

  function newestOf(d, id) {
    var tx = d.transaction(SAVES, "readonly"), found = null;
    tx.objectStore(SAVES).openCursor(revisions(id, 0, Infinity), "prev").onsuccess = function (e) {
      if (e.target.result) found = e.target.result.value;
    };
    return committed(tx).then(function () { return found; });
  }
  function changed(found) { return { ok: false, rev: found ? found.rev : 0, text: found ? found.text : null }; }

  // Does localStorage hold `text` at `key`?  Asked here, so a save of 1,000
  // moves is not copied into Python to be compared (~2.5 ms of a slow device's
  // CPU at every move, issue 26); ui/storage.py SaveStore.holds.
  window.speeltafelLocal = { holds: function (key, text) { return localStorage.getItem(key) === text; } };

  window.speeltafelJournal = {
    load: function () { return loaded; },
    // Write `text` as game `id` after revision `rev` (0: none), the newest this
    // tab saw; resolves {ok: true, rev} once on disk, {ok: false, rev, text}
    // with the newest record when another tab wrote meanwhile, {error} on failure.
    put: function (id, text, rev) {
      return withDb(function (d) {
        var tx = d.transaction([SAVES, META], "readwrite", STRICT), saves = tx.objectStore(SAVES), newer = null;
        saves.add({ id: id, rev: rev + 1, text: text });  // fails if that revision exists: the write aborts
        saves.delete(revisions(id, 0, rev));
        saves.openCursor(revisions(id, rev + 2, Infinity), "prev").onsuccess = function (e) {
          if (e.target.result) newer = e.target.result.value;
        };
        tx.objectStore(META).put(id, "current");
        done(tx);
        return committed(tx).then(function () {
          return newer ? changed(newer) : { ok: true, rev: rev + 1 };
        }, function (e) {
          if (!e || e.name !== "ConstraintError") throw e;
          return newestOf(d, id).then(changed);
        });
      });
    },
    remove: function (id) {
      return withDb(function (d) {
        var tx = d.transaction([SAVES, META], "readwrite", STRICT), meta = tx.objectStore(META);
        tx.objectStore(SAVES).delete(revisions(id, 0, Infinity));
        meta.get("current").onsuccess = function (e) { if (e.target.result === id) meta.delete("current"); };
        return committed(tx).then(function () { return { ok: true }; });
      });
    },
    setCurrent: function (id) {
      return withDb(function (d) {
        var tx = d.transaction(META, "readwrite"), meta = tx.objectStore(META);
        if (id === null || id === undefined) meta.delete("current"); else meta.put(id, "current");
        done(tx);
        return committed(tx).then(function () { return { ok: true }; });
      });
    }
  };
})();
