// The table pages' service worker (issue 29), served at /t/sw.js so that its scope is /t/.
// It only makes the pages of a table that has opened its code load with no network: every
// GET of a table page (and of the files those pages use) goes to the network first, a
// copy kept; when the network is gone the copy answers. Writes never pass through here:
// the page keeps them in its outbox (offline.js) and sends them itself.
"use strict";

var CACHE = "duidiao-tables-v1";
var WAIT_MS = 4000; // a venue's Wi-Fi that is up without the server: stop waiting, use the copy

self.addEventListener("install", function () {
  self.skipWaiting();
});

self.addEventListener("activate", function (event) {
  event.waitUntil(self.clients.claim());
});

function kept(request) {
  return caches.open(CACHE).then(function (cache) {
    // A page's answer varies by cookie and language; the copy is this phone's own.
    return cache.match(request, { ignoreVary: true }).then(function (hit) {
      return hit || cache.match(request, { ignoreSearch: true, ignoreVary: true });
    });
  });
}

function fromNetwork(request) {
  return new Promise(function (resolve, reject) {
    var timer = setTimeout(function () { reject(new Error("timeout")); }, WAIT_MS);
    fetch(request).then(function (response) {
      clearTimeout(timer);
      resolve(response);
    }, function (error) {
      clearTimeout(timer);
      reject(error);
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") { return; }
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) { return; }
  // Only the table pages and the static files; the live check, the director and the API
  // always go to the network.
  var table = url.pathname.indexOf("/t/") === 0 && url.pathname !== "/t/sw.js";
  var files = url.pathname.indexOf("/static/") === 0;
  if (!table && !files) { return; }
  event.respondWith(
    fromNetwork(request).then(function (response) {
      if (response.ok && response.type === "basic") {
        var copy = response.clone();
        caches.open(CACHE).then(function (cache) { cache.put(request, copy); });
      }
      return response;
    }).catch(function () {
      return kept(request).then(function (hit) {
        return hit || Response.error();
      });
    })
  );
});
