// storefront dev — loaded first in <head>, not deferred: keeps the Content Security Policy
// violations that happen while the page is parsed (inline scripts and styles in the theme's HTML),
// before the deferred client.js listens; client.js reports them.
(function () {
  'use strict';
  if (window.__storefrontCsp) return;
  var early = [];
  window.__storefrontCsp = early;
  document.addEventListener('securitypolicyviolation', function (event) {
    if (!window.__storefrontCspLive && early.length < 50) early.push(event);
  });
})();
