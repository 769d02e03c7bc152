// Print every folded section (schedules, rounds) and fold them back afterwards.
(function () {
  var opened = [];
  window.addEventListener("beforeprint", function () {
    document.querySelectorAll("details:not([open])").forEach(function (d) {
      d.open = true;
      opened.push(d);
    });
  });
  window.addEventListener("afterprint", function () {
    opened.forEach(function (d) { d.open = false; });
    opened = [];
  });
})();

// A scorecard is checked by the rules engine as it is typed: the form's fields go to
// its data-check address (nothing is stored) and the verdict comes back as HTML.
(function () {
  document.querySelectorAll("form[data-check]").forEach(function (form) {
    var box = form.querySelector(".verdict-box");
    var timer = null;
    var asked = 0;
    function check() {
      var mine = ++asked;
      fetch(form.dataset.check, {
        method: "POST",
        body: new FormData(form),
        credentials: "same-origin",
        headers: { "X-Requested-With": "fetch" }
      }).then(function (r) { return r.ok ? r.text() : null; })
        .then(function (html) {
          if (html !== null && mine === asked && box) { box.innerHTML = html; }
        })
        .catch(function () {});
    }
    function soon() {
      clearTimeout(timer);
      timer = setTimeout(check, 300);
    }
    form.addEventListener("input", soon);
    form.addEventListener("change", soon);
    var points = form.elements.defender_points;
    if (points && points.value !== "") { check(); }
    // From the keyboard: Enter on any field saves (a select does not submit by itself).
    form.addEventListener("keydown", function (event) {
      var t = event.target;
      if (event.key === "Enter" && t.tagName === "SELECT") {
        event.preventDefault();
        form.requestSubmit();
      }
    });
    var focus = form.dataset.focus;
    if (focus && form.elements[focus] && form.elements[focus].focus) {
      var el = form.elements[focus];
      (el.length && !el.tagName ? el[0] : el).focus();
      if (el.select && el.type === "number") { el.select(); }
    }
  });
  // The picker: a number typed replaces the one shown; Enter on the session opens too.
  document.querySelectorAll("form.pick-form input").forEach(function (input) {
    input.addEventListener("focus", function () { input.select(); });
    if (document.activeElement === input) { input.select(); }
  });
  document.querySelectorAll("form.pick-form select").forEach(function (select) {
    select.addEventListener("keydown", function (event) {
      if (event.key === "Enter") {
        event.preventDefault();
        select.form.requestSubmit();
      }
    });
  });
})();

// Parts of a page that refresh themselves (standings, the director's dashboard): asked
// again every data-interval seconds with the ETag held; 304 until something changed.
(function () {
  document.querySelectorAll("[data-live]").forEach(function (box) {
    var etag = box.dataset.etag || "";
    var every = Math.max(1, parseInt(box.dataset.interval || "15", 10)) * 1000;
    function busy() {
      // Never pull a form from under the person filling it in.
      var active = document.activeElement;
      if (active && box.contains(active) && /^(INPUT|SELECT|TEXTAREA)$/.test(active.tagName)) {
        return true;
      }
      return box.querySelector("input[type=checkbox]:checked") !== null;
    }
    function swap(html) {
      var open = {};
      box.querySelectorAll("details[id]").forEach(function (d) { open[d.id] = d.open; });
      var scrolled = [];
      box.querySelectorAll(".scroll-x").forEach(function (el) { scrolled.push(el.scrollLeft); });
      box.innerHTML = html;
      box.querySelectorAll("details[id]").forEach(function (d) {
        if (d.id in open) { d.open = open[d.id]; }
      });
      box.querySelectorAll(".scroll-x").forEach(function (el, i) {
        if (scrolled[i]) { el.scrollLeft = scrolled[i]; }
      });
      box.dispatchEvent(new CustomEvent("live:updated", { bubbles: true }));
    }
    function tick() {
      if (document.hidden || busy()) { return later(); }
      var headers = { "X-Requested-With": "fetch" };
      if (etag) { headers["If-None-Match"] = etag; }
      fetch(box.dataset.live, { headers: headers, credentials: "same-origin", cache: "no-store" })
        .then(function (r) {
          if (r.status !== 200) { return null; }
          var fresh = r.headers.get("ETag");
          return r.text().then(function (html) {
            if (!busy()) {
              swap(html);
              etag = fresh || etag;
            }
          });
        })
        .catch(function () {})
        .then(later);
    }
    function later() { setTimeout(tick, every); }
    later();
  });
})();

// The venue screen: one panel at a time (standings, the round's seating) every
// data-rotate seconds, a clock, and its panels asked again every data-interval seconds
// with the ETag held. When the network drops the last good panels stay up with a quiet
// marker; the next answer clears it (no reload needed, nothing to press).
(function () {
  var box = document.querySelector("[data-screen]");
  if (!box) { return; }
  var etag = box.dataset.etag || "";
  var every = Math.max(1, parseInt(box.dataset.interval || "3", 10)) * 1000;
  var rotate = Math.max(1, parseInt(box.dataset.rotate || "12", 10)) * 1000;
  var status = document.querySelector("[data-screen-status]");
  var clock = document.querySelector("[data-clock]");
  var shown = "";
  var lastGood = new Date();
  function two(n) { return (n < 10 ? "0" : "") + n; }
  function hhmm(d, seconds) {
    return two(d.getHours()) + ":" + two(d.getMinutes()) + (seconds ? ":" + two(d.getSeconds()) : "");
  }
  function show(name) {
    var panels = box.querySelectorAll(".screen-panel");
    if (!panels.length) { return; }
    var found = null;
    panels.forEach(function (p) { if (p.dataset.panel === name) { found = p; } });
    found = found || panels[0];
    panels.forEach(function (p) { p.hidden = p !== found; });
    shown = found.dataset.panel;
  }
  function next() {
    var panels = Array.prototype.slice.call(box.querySelectorAll(".screen-panel"));
    var at = panels.findIndex(function (p) { return p.dataset.panel === shown; });
    if (panels.length) { show(panels[(at + 1) % panels.length].dataset.panel); }
    setTimeout(next, rotate);
  }
  function offline(down) {
    if (!status) { return; }
    box.classList.toggle("stale", down);
    status.classList.toggle("offline", down);
    status.textContent = down ? status.dataset.offline + " " + hhmm(lastGood, false) : "";
  }
  function tick() {
    var headers = { "X-Requested-With": "fetch" };
    if (etag) { headers["If-None-Match"] = etag; }
    fetch(box.dataset.screen, { headers: headers, credentials: "same-origin", cache: "no-store" })
      .then(function (r) {
        if (r.status === 304) { return null; }
        if (r.status !== 200) { throw new Error(String(r.status)); }
        var fresh = r.headers.get("ETag");
        return r.text().then(function (html) {
          box.innerHTML = html;
          etag = fresh || etag;
          show(shown);
          box.dispatchEvent(new CustomEvent("live:updated", { bubbles: true }));
        });
      })
      .then(function () { lastGood = new Date(); offline(false); },
            function () { offline(true); })
      .then(function () { setTimeout(tick, every); });
  }
  function time() {
    if (clock) { clock.textContent = hhmm(new Date(), true); }
    setTimeout(time, 1000 - (Date.now() % 1000));
  }
  show("");
  time();
  setTimeout(next, rotate);
  setTimeout(tick, every);
})();

// A wide table scrolls inside its frame: while more columns lie to the right the frame's
// edge fades (data-more) and a hint below says so (issue 27); again after a live refresh.
(function () {
  var hint = document.body.getAttribute("data-scroll-hint") || "\u2192";
  function mark(frame) {
    var room = frame.scrollWidth - frame.clientWidth;
    var more = room - frame.scrollLeft > 2;
    if (more) { frame.setAttribute("data-more", ""); } else { frame.removeAttribute("data-more"); }
    var note = frame.nextElementSibling;
    if (!note || !note.classList.contains("scroll-hint")) {
      if (room <= 2) { return; }
      note = document.createElement("p");
      note.className = "scroll-hint";
      note.textContent = hint;
      frame.parentNode.insertBefore(note, frame.nextSibling);
    }
    note.hidden = !more;
  }
  function all(root) {
    root.querySelectorAll(".scroll-x").forEach(function (frame) {
      mark(frame);
      if (!frame.dataset.watched) {
        frame.dataset.watched = "1";
        frame.addEventListener("scroll", function () { mark(frame); }, { passive: true });
      }
    });
  }
  all(document);
  window.addEventListener("resize", function () { all(document); });
  document.addEventListener("live:updated", function (e) { all(e.target); });
})();

// Typing a table's code (when the QR code cannot be scanned) opens /t/<code>/
// (here, not inline in the page: the Content-Security-Policy runs only our own files).
(function () {
  "use strict";
  var form = document.querySelector("[data-table-code]");
  if (!form) { return; }
  form.addEventListener("submit", function (e) {
    var code = this.elements.code.value.trim().toUpperCase();
    if (code) { e.preventDefault(); window.location.href = "/t/" + encodeURIComponent(code) + "/"; }
  });
})();

// A form or button marked data-confirm asks once more before it does something that
// cannot be taken back lightly (ending a round, taking back a stage, a withdrawal).
document.addEventListener("submit", function (e) {
  var button = e.submitter;
  var text = (button && button.getAttribute("data-confirm")) || e.target.getAttribute("data-confirm");
  if (text && !window.confirm(text)) { e.preventDefault(); }
}, true);
