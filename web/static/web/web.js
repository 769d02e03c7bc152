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
