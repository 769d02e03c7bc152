// The public deals page's own check of duidiao-deal/2 (docs/dealing.md), in the reader's
// browser: no server and no Python. It is the second, independent implementation of
// the scheme (the first is core/dealing.py); the tests hold the two to the same deals,
// bit for bit. WebCrypto (crypto.subtle) does the hashing; browsers offer it only on
// https pages or on localhost.
(function (root) {
  "use strict";
  var SCHEME = "duidiao-deal/2";
  var RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
  var HAND = 25;
  var BOTTOM = 8;
  var DEAL_ORDER = ["N", "W", "S", "E"]; // 25 cards each from the top, then the bottom
  var subtle = root.crypto && root.crypto.subtle;
  var utf8 = new TextEncoder();

  // Step 1: the pack — H2 H2 H3 H3 … HA HA, diamonds, spades, clubs, LJ LJ BJ BJ.
  function cardName(c) {
    if (c === 52) return "LJ";
    if (c === 53) return "BJ";
    return "HDSC".charAt(Math.floor(c / 13)) + RANKS[c % 13];
  }
  function fullPack() {
    var pack = [];
    for (var c = 0; c < 54; c++) pack.push(c, c);
    return pack;
  }

  function hex(bytes) {
    return Array.prototype.map.call(new Uint8Array(bytes), function (b) {
      return (b < 16 ? "0" : "") + b.toString(16);
    }).join("");
  }
  function fromHex(text) {
    if (!/^[0-9a-f]{64}$/.test(text)) throw new Error("a secret is 64 lowercase hex digits");
    var out = new Uint8Array(32);
    for (var i = 0; i < 32; i++) out[i] = parseInt(text.substr(2 * i, 2), 16);
    return out;
  }
  function sha256hex(text) {
    return subtle.digest("SHA-256", utf8.encode(text)).then(hex);
  }
  function hmacKey(raw) {
    return subtle.importKey("raw", raw, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  }
  function u32(view, at, value) { view.setUint32(at, value, false); }

  // Step 2: K = HMAC-SHA256(secret bytes, public value's UTF-8).
  function masterKey(secretHex, publicValue) {
    return hmacKey(fromHex(secretHex)).then(function (key) {
      return subtle.sign("HMAC", key, utf8.encode(publicValue));
    }).then(function (k) { return hmacKey(new Uint8Array(k)); });
  }

  // Steps 3 to 6 for one board, given the master key (a CryptoKey).
  async function dealWithKey(key, stage, round, number) {
    var message = new Uint8Array(5 + 16);
    message.set(utf8.encode("board"), 0);
    var view = new DataView(message.buffer);
    u32(view, 5, stage); u32(view, 9, round); u32(view, 13, number);
    var counter = 0;
    var block = new Uint8Array(0);
    var at = 0;
    async function nextByte() {
      if (at === block.length) {
        u32(view, 17, counter++);
        block = new Uint8Array(await subtle.sign("HMAC", key, message));
        at = 0;
      }
      return block[at++];
    }
    async function below(n) { // step 4: rejection sampling, no modulo bias
      var limit = 256 - (256 % n);
      for (;;) {
        var b = await nextByte();
        if (b < limit) return b % n;
      }
    }
    var pack = fullPack();
    for (var i = pack.length - 1; i > 0; i--) { // step 5: Fisher–Yates
      var j = await below(i + 1);
      var t = pack[i]; pack[i] = pack[j]; pack[j] = t;
    }
    var hands = {};
    DEAL_ORDER.forEach(function (seat, k) { // step 6
      hands[seat] = pack.slice(k * HAND, (k + 1) * HAND)
        .sort(function (a, b) { return a - b; }).map(cardName);
    });
    var bottom = pack.slice(4 * HAND, 4 * HAND + BOTTOM).map(cardName);
    return { hands: { N: hands.N, E: hands.E, S: hands.S, W: hands.W }, bottom: bottom };
  }

  async function dealV2(secretHex, publicValue, stage, round, number) {
    return dealWithKey(await masterKey(secretHex, publicValue), stage, round, number);
  }

  function field(lines, name) {
    for (var i = 0; i < lines.length; i++) {
      if (lines[i].indexOf(name + " ") === 0) return lines[i].slice(name.length + 1);
    }
    return "";
  }
  function same(a, b) { return JSON.stringify(a) === JSON.stringify(b); }
  function problem(code, zh, en) { return { code: code, zh: zh, en: en }; }

  // A commitment checked as docs/dealing.md tells a player to: {problems, boards}.
  async function verifyCommitment(c) {
    var out = { problems: [], boards: [] };
    if ((await sha256hex(c.document)) !== c.digest) {
      out.problems.push(problem("digest", "承诺文本的摘要与赛前公布的不符",
        "the document's SHA-256 differs from the one published"));
    }
    var lines = c.document.split("\n");
    if (lines[0] !== SCHEME) {
      out.problems.push(problem("scheme", "不是 duidiao-deal/2 承诺文件", "not a duidiao-deal/2 document"));
      return out;
    }
    if ((await sha256hex(c.secret)) !== field(lines, "secret-sha256")) {
      out.problems.push(problem("secret", "秘密值的 SHA-256 与承诺文件不符",
        "the secret's SHA-256 differs from the document's"));
      return out;
    }
    if (!c.public_value_at) {
      out.problems.push(problem("no_public_value", "公开值尚未输入，牌还没有发",
        "the public value is not entered yet: nothing is dealt"));
      return out;
    }
    if (Date.parse(c.public_value_at) < Date.parse(field(lines, "committed-at"))) {
      out.problems.push(problem("public_value_early", "公开值早于承诺",
        "the public value predates the commitment"));
    }
    var stage = parseInt(field(lines, "stage"), 10);
    var key = await masterKey(c.secret, c.public_value);
    var stored = {};
    c.boards.forEach(function (b) { stored[b.round + " " + b.number] = b; });
    var start = lines.findIndex(function (l) { return l.indexOf("boards ") === 0; }) + 1;
    for (var i = start; i < lines.length; i++) {
      if (!lines[i]) continue;
      var parts = lines[i].split(" ");
      var round = parseInt(parts[0], 10), number = parseInt(parts[1], 10);
      var row = { round: round, number: number, ok: false, zh: "", en: "" };
      var board = stored[round + " " + number];
      if (!board) {
        row.zh = "找不到这副牌"; row.en = "missing";
      } else {
        var dealt = await dealWithKey(key, stage, round, number);
        var wrong = ["N", "E", "S", "W"].filter(function (s) {
          return !same(dealt.hands[s], board.hands[s]);
        });
        if (!same(dealt.bottom, board.bottom)) wrong.push("底牌/bottom");
        row.ok = wrong.length === 0;
        if (!row.ok) {
          row.zh = "与重新发出的牌不同：" + wrong.join("、");
          row.en = "differs from the deal dealt again: " + wrong.join(", ");
        }
      }
      out.boards.push(row);
    }
    return out;
  }

  root.DuidiaoDeal = { SCHEME: SCHEME, dealV2: dealV2, verifyCommitment: verifyCommitment, sha256hex: sha256hex };

  // On the public deals page: mark every board and every commitment.
  if (typeof document === "undefined") return;
  function mark(el, ok, text) {
    el.textContent = (ok ? "✓ " : "✗ ") + text;
    el.classList.add(ok ? "state-confirmed" : "state-flagged");
    el.dataset.browser = ok ? "ok" : "failed";
  }
  async function run() {
    var data = document.getElementById("deals-data");
    if (!data) return;
    var zh = (document.documentElement.lang || "zh").indexOf("zh") === 0;
    var commitments = JSON.parse(data.textContent);
    for (var k = 0; k < commitments.length; k++) {
      var c = commitments[k];
      var summary = document.getElementById("browser-check-" + c.id);
      if (!summary) continue;
      if (!subtle) {
        mark(summary, false, zh ? "此浏览器不提供 WebCrypto（须用 https 打开本页）" : "this browser offers no WebCrypto (open the page over https)");
        continue;
      }
      var result = await verifyCommitment(c);
      result.boards.forEach(function (b) {
        var cell = document.getElementById("board-check-" + c.id + "-" + b.round + "-" + b.number);
        if (cell) mark(cell, b.ok, b.ok ? (zh ? "相同" : "equal") : (zh ? b.zh : b.en));
      });
      if (!result.boards.length) { // the secret or the document is wrong: no deal can be checked
        document.querySelectorAll('[id^="board-check-' + c.id + '-"]').forEach(function (cell) {
          mark(cell, false, result.problems.map(function (p) { return zh ? p.zh : p.en; }).join(zh ? "；" : "; "));
        });
      }
      var bad = result.boards.filter(function (b) { return !b.ok; }).length;
      var ok = result.problems.length === 0 && bad === 0;
      var reasons = result.problems.map(function (p) { return zh ? p.zh : p.en; });
      if (bad) reasons.push(zh ? bad + "副牌不同" : bad + " deal(s) differ");
      mark(summary, ok, ok
        ? (zh ? "浏览器复核通过：" + result.boards.length + "副牌都与重新发出的相同" : "checked in this browser: all " + result.boards.length + " deals equal")
        : (zh ? "浏览器复核不通过：" : "the browser's check failed: ") + reasons.join(zh ? "；" : "; "));
    }
    document.body.dataset.dealsChecked = "done";
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", run);
  else run();
})(typeof window !== "undefined" ? window : globalThis);
