// A table's page that keeps working when the venue's network drops (issue 29).
//
// * The page registers the project's service worker (/t/sw.js, web/static/web/sw.js) and,
//   once a table has opened its code, keeps a copy of its page, its boards' pages and the
//   files they use, so they load with no network.
// * An entry or a confirmation made while the phone is offline (or while earlier ones still
//   wait) is kept in IndexedDB — the outbox — with its own idempotency key, and sent to the
//   table's sync address in order when the network returns, with backoff. The server judges
//   it as it judges a form and answers as it answers a table; the answer is shown here.
// * Online, a form is sent by this page (fetch), not by the browser: a send that fails for a
//   network reason — no answer, no answer in time, or a proxy's 502/503/504 when the venue's
//   Wi-Fi is up but the server is not reached — is kept in the outbox with the form's own
//   key (if the server did get it, the resend gets its first answer and stores nothing
//   twice). Any answer of the server itself (the page after the write, or its judgement of
//   the form) is shown as the browser would show it.
// * Safari and Android WebViews have no background sync: the outbox is sent whenever a page
//   of the table is open — on load, when it becomes visible, when the network comes back.
// Every word shown comes from the page (translated there); this file holds none.
(function () {
  "use strict";
  var root = document.getElementById("offline");
  if (!root) { return; }
  var T = root.dataset;
  var CACHE = "duidiao-tables-v1";
  var board = parseInt(T.board || "0", 10);
  var waiting = 0;
  var flushing = false;
  var answered = false;
  var unreachable = false; // the last request the server should have answered got no answer
  var WAIT_MS = 8000; // no answer by then: the server is out of reach (the write is kept)
  var delay = 1000;
  var timer = null;

  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register(T.sw, { scope: T.scope }).catch(function () {});
  }

  // --- cache on open ------------------------------------------------------------------

  function precache() {
    if (!("caches" in window) || !navigator.onLine) { return Promise.resolve(); }
    var urls = [location.pathname, T.table];
    document.querySelectorAll("a[data-offline]").forEach(function (a) {
      urls.push(a.getAttribute("href"));
    });
    document.querySelectorAll("link[rel=stylesheet], link[rel=manifest], script[src]")
      .forEach(function (el) { urls.push(el.getAttribute("href") || el.getAttribute("src")); });
    if (T.icon) { urls.push(T.icon); }
    var unique = urls.filter(function (u, i) { return u && urls.indexOf(u) === i; });
    return caches.open(CACHE).then(function (cache) {
      return Promise.all(unique.map(function (url) {
        return fetch(url, { credentials: "same-origin" }).then(function (response) {
          if (response.ok) { return cache.put(url, response); }
        }).catch(function () {});
      }));
    }).then(function () { root.dataset.cached = "1"; });
  }

  // --- the outbox (IndexedDB) ---------------------------------------------------------

  function open() {
    return new Promise(function (resolve, reject) {
      var request = indexedDB.open("duidiao-outbox", 1);
      request.onupgradeneeded = function () {
        request.result.createObjectStore("items", { keyPath: "seq", autoIncrement: true });
      };
      request.onsuccess = function () { resolve(request.result); };
      request.onerror = function () { reject(request.error); };
    });
  }

  function store(mode, work) {
    return open().then(function (db) {
      return new Promise(function (resolve, reject) {
        var tx = db.transaction("items", mode);
        var out = work(tx.objectStore("items"));
        tx.oncomplete = function () { db.close(); resolve(out && out.result); };
        tx.onerror = function () { db.close(); reject(tx.error); };
      });
    });
  }

  function items() {
    return store("readonly", function (s) { return s.getAll(); }).then(function (all) {
      return (all || []).sort(function (a, b) { return a.seq - b.seq; });
    });
  }

  function save(item) {
    return store("readwrite", function (s) { return s.put(item); });
  }

  function newKey() {
    if (window.crypto && crypto.randomUUID) { return crypto.randomUUID(); }
    var hex = "";
    for (var i = 0; i < 32; i++) { hex += Math.floor(Math.random() * 16).toString(16); }
    return hex;
  }

  // --- what the page shows ------------------------------------------------------------

  function show() {
    return items().then(function (all) {
      var mine = all.filter(function (i) { return i.code === T.code; });
      waiting = mine.filter(function (i) { return i.state === "waiting"; }).length;
      var state = !navigator.onLine || unreachable ? (waiting ? "offline" : "offline-empty")
        : (flushing || waiting) ? "syncing" : answered ? "synced" : "online";
      root.dataset.state = state;
      root.dataset.waiting = String(waiting);
      var line = root.querySelector(".sync-state");
      line.textContent = T["t" + state.replace("-e", "E").replace(/^./, function (c) {
        return c.toUpperCase();
      })];
      line.className = "sync-state state-" + state;
      var list = root.querySelector(".outbox-list");
      list.textContent = "";
      mine.slice(-12).reverse().forEach(function (item) {
        var li = document.createElement("li");
        li.className = "outbox-" + item.state;
        li.dataset.board = String(item.board);
        var head = (item.kind === "confirm" ? T.tConfirm : T.tEntry).replace("%s", item.board);
        li.textContent = head + "：" + (item.state === "waiting" ? T.tWaiting : item.answer);
        list.appendChild(li);
      });
      if (board) { showBoard(mine); }
    }).catch(function () {});
  }

  // On a board's page: an entry kept on this phone replaces the scorecard (a page served
  // from the copy still shows the empty form), and the other side may confirm it here.
  function showBoard(mine) {
    var here = mine.filter(function (i) {
      return i.board === board && i.state !== "refused";
    });
    var entry = here.filter(function (i) { return i.kind === "enter"; }).pop();
    var kept = document.getElementById("offline-kept");
    if (!entry || !kept) { return; }
    var confirmed = here.some(function (i) { return i.entry_key === entry.key; });
    var form = document.querySelector("form.table-scorecard");
    if (form) { form.hidden = true; }
    kept.hidden = false;
    kept.querySelector(".kept-points").textContent = entry.fields.defender_points || "";
    var other = entry.fields.side === "NS" ? "EW" : "NS";
    kept.querySelectorAll("form.offline-confirm").forEach(function (f) {
      f.hidden = confirmed || f.elements.side.value !== other;
      f.dataset.entryKey = entry.key;
    });
    kept.querySelector(".kept-confirmed").hidden = !confirmed;
  }

  // --- keeping a write ----------------------------------------------------------------

  function fieldsOf(form) {
    var fields = {};
    new FormData(form).forEach(function (value, name) {
      if (name !== "csrfmiddlewaretoken" && name !== "idem") { fields[name] = value; }
    });
    return fields;
  }

  function keep(kind, form, entryKey, key) {
    var item = {
      key: key || newKey(), code: T.code, sync: T.sync, board: board, kind: kind,
      fields: fieldsOf(form), entry_key: entryKey || "", state: "waiting", at: Date.now()
    };
    waiting += 1;
    return save(item).then(show).then(flush);
  }

  // Online, with nothing waiting before it: the form is sent now. The server's answer
  // replaces the page, as a browser's own send would; a send lost on the way is kept, under
  // the form's key (the server may have got it and only its answer was lost).
  function post(kind, form) {
    var key = form.elements.idem ? form.elements.idem.value : "";
    return reach(form.action, { method: "POST", body: new FormData(form) }).then(
      function (response) {
        return response.text().then(function (html) { return { url: response.url, html: html }; });
      }
    ).then(
      function (answer) {
        if (answer.url && answer.url !== location.href) {
          history.replaceState(null, "", answer.url);
        }
        document.open();
        document.write(answer.html);
        document.close();
      },
      function () { return keep(kind, form, "", key); } // lost on the way, answer or send
    );
  }

  document.querySelectorAll("form.table-scorecard, form.confirm-form").forEach(function (form) {
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var kind = form.classList.contains("confirm-form") ? "confirm" : "enter";
      if (navigator.onLine && !waiting) {
        post(kind, form);
      } else { // offline, or earlier writes still wait: after them, in order
        keep(kind, form);
      }
    });
  });
  document.querySelectorAll("form.offline-confirm").forEach(function (form) {
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      keep("confirm", form, form.dataset.entryKey);
    });
  });

  // --- sending ------------------------------------------------------------------------

  function later() {
    clearTimeout(timer);
    timer = setTimeout(flush, delay);
    delay = Math.min(delay * 2, 8000);
  }

  // A request the server should answer. It fails for a network reason — no answer, none
  // within WAIT_MS, or a proxy's 502/503/504 (the server behind it is not reached) — and
  // then the server counts as out of reach until it answers again.
  function reach(url, init) {
    var control = window.AbortController ? new AbortController() : null;
    var limit = control ? setTimeout(function () { control.abort(); }, WAIT_MS) : null;
    init.credentials = "same-origin";
    if (control) { init.signal = control.signal; }
    return fetch(url, init).then(function (response) {
      clearTimeout(limit);
      unreachable = [502, 503, 504].indexOf(response.status) >= 0;
      if (unreachable) { throw new Error("no server behind the proxy"); }
      return response;
    }, function (error) {
      clearTimeout(limit);
      unreachable = true;
      throw error;
    });
  }

  function send(item) {
    var body = JSON.stringify({
      key: item.key, kind: item.kind, board: item.board, fields: item.fields,
      entry_key: item.entry_key
    });
    return reach(item.sync, {
      method: "POST", body: body, headers: { "Content-Type": "application/json" }
    }).then(function (response) {
      if (response.status >= 500 || response.status === 429) { throw new Error("later"); }
      return response.json().catch(function () { return {}; }).then(function (answer) {
        item.state = response.ok ? answer.state : "refused";
        item.status = response.status;
        item.answer = answer.message || (answer.problems || []).join("；") || T.tRefused;
        item.id = answer.id;
        item.version = answer.version;
        answered = true;
        return save(item);
      });
    });
  }

  function sendAll() {
    flushing = true;
    return show().then(items).then(function (all) {
      var queue = all.filter(function (i) { return i.state === "waiting"; });
      // In order: one at a time, and nothing after an item that could not be sent.
      return queue.reduce(function (done, item) {
        return done.then(function () { return send(item).then(show); });
      }, Promise.resolve());
    }).then(function () { delay = 1000; }, later).then(function () {
      flushing = false;
      return show();
    });
  }

  function flush() {
    if (flushing || !navigator.onLine) { return show(); }
    if (navigator.locks && navigator.locks.request) { // one tab sends at a time
      return navigator.locks.request("duidiao-outbox", sendAll);
    }
    return sendAll();
  }

  window.addEventListener("online", function () { delay = 1000; flush(); });
  window.addEventListener("offline", show);
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") { flush(); }
  });
  window.addEventListener("pageshow", function () { flush(); });
  precache();
  flush();
})();
