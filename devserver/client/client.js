// storefront dev — browser client (served at /__storefront/client.js, injected in dev only).
// Live reload over a WebSocket, stylesheet hot swap, scroll keeping, console forwarding, the
// error panel and the persona toolbar. No inline code or style anywhere: the page's CSP forbids it.
(function () {
  'use strict';
  if (window.__storefrontDev) return;
  window.__storefrontDev = true;

  var PROTOCOL = 1;
  var PREFIX = '/__storefront';
  var SCROLL_KEY = 'storefront-dev:scroll:' + location.pathname + location.search;
  var TOOLBAR_KEY = 'storefront-dev:toolbar';
  var socket = null;
  var delay = 250;
  var everConnected = false;
  var lostConnection = false;
  var queue = [];
  var reloading = false;
  // The dev build this page was rendered from; sent on every (re)connect so that a page fetched
  // before a save was handled is told to reload (see devserver/builds.ts).
  var build = (function () {
    var meta = document.querySelector('meta[name="storefront-dev-build"]');
    var n = meta ? Number(meta.getAttribute('content')) : NaN;
    return Number.isInteger(n) ? n : null;
  })();

  // ---- scroll position across reloads -------------------------------------------------------
  function saveScroll() {
    try {
      sessionStorage.setItem(SCROLL_KEY, JSON.stringify({ x: window.scrollX, y: window.scrollY }));
    } catch {
      /* storage disabled */
    }
  }
  function restoreScroll() {
    var saved = null;
    try {
      saved = JSON.parse(sessionStorage.getItem(SCROLL_KEY) || 'null');
      sessionStorage.removeItem(SCROLL_KEY);
    } catch {
      saved = null;
    }
    if (saved && typeof saved.y === 'number') {
      window.scrollTo(saved.x || 0, saved.y);
      // images and fonts may still move things: try once more when everything has loaded
      window.addEventListener('load', function () {
        window.scrollTo(saved.x || 0, saved.y);
      });
    }
  }
  function reload() {
    if (reloading) return;
    reloading = true;
    saveScroll();
    location.reload();
  }

  // ---- stylesheet hot swap --------------------------------------------------------------------
  // /assets/css/theme.3f9a1c2e0b.css -> css/theme.css
  function logicalOf(href) {
    var path;
    try {
      path = new URL(href, location.href).pathname;
    } catch {
      return null;
    }
    var m = /^\/assets\/(.+?)\.[0-9a-f]{6,64}(\.[^./]+)?$/.exec(path);
    return m ? m[1] + (m[2] || '') : null;
  }
  function swapCss(msg) {
    var links = document.querySelectorAll('link[rel~="stylesheet"]');
    var swapped = 0;
    Array.prototype.forEach.call(links, function (link) {
      if (logicalOf(link.getAttribute('href') || '') !== msg.logical || link.dataset.sfReplaced) return;
      var next = link.cloneNode();
      next.href = msg.path;
      link.dataset.sfReplaced = '1';
      next.addEventListener('load', function () {
        link.remove();
      });
      next.addEventListener('error', function () {
        link.remove();
      });
      link.after(next);
      swapped++;
    });
    return swapped;
  }

  // ---- the error panel (fixture errors; page errors come as the overlay page itself) ----------
  var panel = null;
  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }
  function showError(report) {
    hideError();
    panel = el('div', 'sf-dev-panel');
    panel.setAttribute('role', 'alert');
    var close = el('button', 'sf-dev-panel-close', '×');
    close.type = 'button';
    close.title = 'Hide (the error stays until the file is fixed)';
    close.addEventListener('click', hideError);
    panel.appendChild(close);
    panel.appendChild(el('h2', null, report.title || 'Error'));
    var where = report.file ? report.file + (report.line ? ':' + report.line : '') : '';
    if (where) panel.appendChild(el('p', 'sf-where', where));
    panel.appendChild(el('pre', 'sf-message', report.message || ''));
    if (report.dataPath) panel.appendChild(el('p', 'sf-datapath', 'Data path: ' + report.dataPath));
    if (report.frame && report.frame.length) {
      var pre = el('pre', 'sf-frame');
      report.frame.forEach(function (l) {
        var span = el(
          'span',
          l.marked ? 'sf-line sf-marked' : 'sf-line',
          (l.marked ? '> ' : '  ') + String(l.number).padStart(4) + ' | ' + l.text,
        );
        pre.appendChild(span);
      });
      panel.appendChild(pre);
    }
    (document.body || document.documentElement).appendChild(panel);
  }
  function hideError() {
    if (panel) panel.remove();
    panel = null;
  }

  // ---- the type warnings panel (typed templates: warnings never block the render) -----------
  var WARNINGS_KEY = 'storefront-dev:warnings-dismissed';
  var warningsPanel = null;
  function showWarnings(list) {
    if (warningsPanel) warningsPanel.remove();
    warningsPanel = null;
    if (!list || !list.length) return;
    var signature = JSON.stringify(list);
    try {
      if (sessionStorage.getItem(WARNINGS_KEY) === signature) return; // dismissed until they change
    } catch {
      /* storage disabled */
    }
    var box = el('div', 'sf-dev-warnings');
    box.setAttribute('role', 'status');
    box.setAttribute('data-sf', 'warnings');
    var close = el('button', 'sf-dev-panel-close', '×');
    close.type = 'button';
    close.title = 'Dismiss (until the warnings change)';
    close.addEventListener('click', function () {
      try {
        sessionStorage.setItem(WARNINGS_KEY, signature);
      } catch {
        /* storage disabled */
      }
      box.remove();
      warningsPanel = null;
    });
    box.appendChild(close);
    box.appendChild(el('h2', null, list.length + ' type warning' + (list.length === 1 ? '' : 's')));
    var ul = el('ul', 'sf-dev-warning-list');
    list.slice(0, 50).forEach(function (w) {
      var li = el('li');
      li.appendChild(el('code', 'sf-where', w.file + ':' + w.line + ':' + w.column));
      li.appendChild(document.createTextNode(' ' + w.message + ' (' + w.rule + ')'));
      ul.appendChild(li);
    });
    box.appendChild(ul);
    (document.body || document.documentElement).appendChild(box);
    warningsPanel = box;
  }

  // ---- console errors to the terminal ---------------------------------------------------------
  function send(obj) {
    obj.v = PROTOCOL;
    var text = JSON.stringify(obj);
    if (socket && socket.readyState === 1) socket.send(text);
    else if (queue.length < 20) queue.push(text);
  }
  function describe(value) {
    if (value instanceof Error) return value.name + ': ' + value.message;
    if (typeof value === 'string') return value;
    try {
      return JSON.stringify(value);
    } catch {
      return String(value);
    }
  }
  var originalError = console.error;
  var forwarding = false;
  console.error = function () {
    var args = Array.prototype.slice.call(arguments);
    if (!forwarding) {
      forwarding = true;
      try {
        var err = args.filter(function (a) {
          return a instanceof Error;
        })[0];
        send({
          type: 'console',
          level: 'console.error',
          message: args.map(describe).join(' ').slice(0, 4000),
          stack: err && err.stack ? String(err.stack) : undefined,
          page: location.pathname + location.search,
        });
      } finally {
        forwarding = false;
      }
    }
    return originalError.apply(console, args);
  };
  window.addEventListener(
    'error',
    function (event) {
      if (event.target && event.target !== window && event.target.tagName) {
        var src = event.target.src || event.target.href || '';
        send({
          type: 'console',
          level: 'resource',
          message: 'failed to load ' + event.target.tagName.toLowerCase() + ' ' + src,
          page: location.pathname + location.search,
        });
        return;
      }
      send({
        type: 'console',
        level: 'uncaught',
        message: event.message || describe(event.error),
        source: event.filename || undefined,
        line: event.lineno || undefined,
        column: event.colno || undefined,
        stack: event.error && event.error.stack ? String(event.error.stack) : undefined,
        page: location.pathname + location.search,
      });
    },
    true,
  );
  // Content Security Policy violations: to the terminal and in the error panel (once each).
  var cspSeen = {};
  function onCspViolation(event) {
    var blocked = event.blockedURI || 'inline code';
    if (blocked === 'inline' || blocked === 'eval') blocked = blocked + ' code';
    var directive = event.effectiveDirective || event.violatedDirective || '';
    var message =
      'blocked ' +
      blocked +
      ' (' +
      directive +
      ')' +
      (event.sample ? ': ' + String(event.sample).slice(0, 80) : '');
    var key = message + '|' + event.sourceFile + '|' + event.lineNumber;
    if (cspSeen[key]) return;
    cspSeen[key] = true;
    send({
      type: 'console',
      level: 'CSP',
      message: message,
      source: event.sourceFile || undefined,
      line: event.lineNumber || undefined,
      column: event.columnNumber || undefined,
      page: location.pathname + location.search,
    });
    if (panel && panel.getAttribute('data-sf-kind') !== 'csp') return; // a server error stays in front
    showError({
      title: 'Content Security Policy violation',
      message:
        message + '\nThe production server sends the same policy: move the code or style into a theme asset.',
      file: event.sourceFile || '',
      line: event.lineNumber || null,
    });
    panel.setAttribute('data-sf-kind', 'csp');
  }
  window.__storefrontCspLive = true;
  document.addEventListener('securitypolicyviolation', onCspViolation);
  window.addEventListener('unhandledrejection', function (event) {
    var r = event.reason;
    send({
      type: 'console',
      level: 'unhandledrejection',
      message: describe(r),
      stack: r && r.stack ? String(r.stack) : undefined,
      page: location.pathname + location.search,
    });
  });

  // ---- the live-reload socket -----------------------------------------------------------------
  function onMessage(event) {
    var msg;
    try {
      msg = JSON.parse(event.data);
    } catch {
      return;
    }
    if (!msg || msg.v !== PROTOCOL) {
      if (msg && typeof msg.v === 'number' && msg.v > PROTOCOL) reload(); // a newer dev server: get its client
      return;
    }
    switch (msg.type) {
      case 'hello':
        if (lostConnection) reload(); // the dev server restarted: its files may have changed
        break;
      case 'reload':
        reload();
        break;
      case 'css':
        if (swapCss(msg) === 0 && document.querySelector('.sf-overlay')) reload();
        else if (typeof msg.build === 'number' && build === msg.build - 1) build = msg.build;
        break;
      case 'error':
        showError(msg.error || {});
        break;
      case 'clear':
        hideError();
        break;
      case 'warnings':
        showWarnings(msg.warnings);
        break;
    }
  }
  function connect() {
    var url = (location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + PREFIX + '/livereload';
    try {
      socket = new WebSocket(url);
    } catch {
      retry();
      return;
    }
    socket.addEventListener('open', function () {
      everConnected = true;
      delay = 250;
      socket.send(JSON.stringify({ v: PROTOCOL, type: 'hello', build: build }));
      while (queue.length) socket.send(queue.shift());
      window.__storefrontDevSocket = 'open';
    });
    socket.addEventListener('message', onMessage);
    socket.addEventListener('close', function () {
      window.__storefrontDevSocket = 'closed';
      if (everConnected) lostConnection = true;
      retry();
    });
  }
  function retry() {
    socket = null;
    setTimeout(connect, delay);
    delay = Math.min(delay * 2, 5000);
  }

  // ---- persona toolbar ------------------------------------------------------------------------
  var csrf = '';
  function post(path, body) {
    return fetch(PREFIX + path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', 'x-csrf-token': csrf },
      body: JSON.stringify(body),
    }).then(function (res) {
      return res.json().then(function (json) {
        if (!res.ok) throw new Error((json && json.error && json.error.message) || 'HTTP ' + res.status);
        return json;
      });
    });
  }
  function kindLabel(p) {
    return p.kind === 'blocked'
      ? 'blocked'
      : p.kind === 'with-orders'
        ? p.orders + ' order' + (p.orders === 1 ? '' : 's')
        : 'no orders';
  }
  function toolbar(data) {
    csrf = data.csrf_token;
    // Collapsed to its small button when asked, and by default on narrow (phone) screens.
    var collapsed = window.matchMedia('(max-width: 600px)').matches;
    try {
      var stored = localStorage.getItem(TOOLBAR_KEY);
      if (stored) collapsed = stored === 'collapsed';
    } catch {
      /* storage disabled */
    }
    var bar = el('div', 'sf-dev-toolbar' + (collapsed ? ' sf-collapsed' : ''));
    bar.setAttribute('role', 'region');
    bar.setAttribute('aria-label', 'storefront dev toolbar');
    var toggle = el('button', 'sf-dev-toggle', 'sf');
    toggle.type = 'button';
    toggle.title = 'storefront dev toolbar';
    toggle.addEventListener('click', function () {
      bar.classList.toggle('sf-collapsed');
      try {
        localStorage.setItem(TOOLBAR_KEY, bar.classList.contains('sf-collapsed') ? 'collapsed' : 'open');
      } catch {
        /* ignore */
      }
    });
    bar.appendChild(toggle);
    var body = el('div', 'sf-dev-body');
    var label = el('label', 'sf-dev-label', 'Persona ');
    var select = el('select', 'sf-dev-persona');
    select.setAttribute('data-sf', 'persona');
    var guest = el('option', null, 'Guest');
    guest.value = 'guest';
    select.appendChild(guest);
    data.personas.forEach(function (p) {
      var o = el('option', null, p.display_name + ' <' + p.email + '> — ' + kindLabel(p));
      o.value = p.email;
      select.appendChild(o);
    });
    select.value = data.current.persona;
    if (data.current.persona === 'guest' && data.current.session_account) {
      select.value = data.current.session_account; // a blocked account: signed in, seen as guest
    }
    select.addEventListener('change', function () {
      post('/personas/switch', { persona: select.value }).then(reload, function (err) {
        showError({ title: 'Persona switch failed', message: err.message });
      });
    });
    label.appendChild(select);
    body.appendChild(label);
    var status = el(
      'span',
      'sf-dev-status',
      data.current.persona === 'guest'
        ? 'auth.check = false' + (data.current.session_account ? ' (blocked account: seen as a guest)' : '')
        : 'auth.check = true',
    );
    body.appendChild(status);
    var cart = el('span', 'sf-dev-cart', 'Cart (');
    cartCount = el('span', 'sf-dev-cart-count', data.cart.lines);
    cart.appendChild(cartCount);
    cart.appendChild(document.createTextNode(' lines): '));
    [
      ['empty', 'empty'],
      ['lines', 'with lines'],
      ['unavailable', 'with an unavailable line'],
    ].forEach(function (pair) {
      var b = el('button', 'sf-dev-button', pair[1]);
      b.type = 'button';
      b.setAttribute('data-sf-cart', pair[0]);
      b.addEventListener('click', function () {
        post('/personas/cart', { state: pair[0] }).then(reload, function (err) {
          showError({ title: 'Cart state failed', message: err.message });
        });
      });
      cart.appendChild(b);
    });
    body.appendChild(cart);
    bar.appendChild(body);
    document.body.appendChild(bar);
    reserveSpace(bar);
  }
  // The toolbar is fixed at the bottom: an empty block of its height ends the page, so that the
  // page's last content can always be scrolled above it (phones included).
  function reserveSpace(bar) {
    var spacer = el('div', 'sf-dev-spacer');
    spacer.setAttribute('aria-hidden', 'true');
    document.body.appendChild(spacer);
    var update = function () {
      spacer.style.height = Math.ceil(bar.getBoundingClientRect().height) + 16 + 'px'; // CSSOM: CSP-safe
    };
    update();
    if (window.ResizeObserver) new ResizeObserver(update).observe(bar);
  }
  // The cart line count follows the theme's AJAX cart changes (any POST to /_post/cart/…).
  var cartCount = null;
  function refreshCartCount() {
    fetch(PREFIX + '/personas', { credentials: 'same-origin', headers: { accept: 'application/json' } })
      .then(function (res) {
        return res.ok ? res.json() : null;
      })
      .then(function (data) {
        if (data && data.cart && cartCount) cartCount.textContent = String(data.cart.lines);
      })
      .catch(function () {
        /* the next reload shows it */
      });
  }
  var originalFetch = window.fetch;
  window.fetch = function (input) {
    var result = originalFetch.apply(this, arguments);
    var url = typeof input === 'string' ? input : input && input.url;
    var path = '';
    try {
      path = new URL(url, location.href).pathname;
    } catch {
      path = '';
    }
    if (path.indexOf('/_post/cart/') === 0)
      result.then(refreshCartCount, function () {
        /* the theme handles its own failure */
      });
    return result;
  };
  function loadToolbar() {
    fetch(PREFIX + '/personas', { credentials: 'same-origin', headers: { accept: 'application/json' } })
      .then(function (res) {
        return res.ok ? res.json() : null;
      })
      .then(function (data) {
        if (data && document.body) toolbar(data);
      })
      .catch(function () {
        /* the dev server is restarting: the reload will bring the toolbar back */
      });
  }

  restoreScroll();
  connect();
  (window.__storefrontCsp || []).splice(0).forEach(onCspViolation); // from csp-early.js
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', loadToolbar);
  else loadToolbar();
})();
