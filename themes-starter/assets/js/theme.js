// Starter theme script: progressive enhancement over the server-rendered pages.
// - every POST carries X-CSRF-Token; a response with csrf_token replaces the stored token;
//   csrf_rejected reloads the page and repeats the action once;
// - the header menu toggle on narrow screens (a checkbox without JavaScript, a button with it);
// - add to cart, cart quantity changes (0 removes), logout that clears private content;
// - checkout: quote review, then place-order with an idempotency key kept until the outcome is known.
(() => {
  'use strict';

  const meta = document.querySelector('meta[name="csrf-token"]');
  let csrfToken = meta ? meta.content : '';
  const REPEAT_KEY = 'storefront:repeat';
  // The page's locale (the site's) for money, and the translated texts the layout renders for this
  // script (partials/script-messages.hbs); a missing text shows its key, as {{t}} does.
  const LOCALE = document.documentElement.lang || undefined;
  const messages = {};
  for (const el of document.querySelectorAll('[data-messages] [data-message]'))
    messages[el.dataset.message] = el.textContent;
  const msg = (key, values = {}) =>
    (messages[key] ?? key).replace(/\{(\w+)\}/g, (whole, name) =>
      name in values ? String(values[name]) : whole,
    );
  const PENDING_KEY = 'storefront:pending-order';

  function setToken(token) {
    csrfToken = token;
    if (meta) meta.content = token;
    for (const input of document.querySelectorAll('input[name="_token"]')) input.value = token;
  }

  /** POSTs JSON to a /_post endpoint; resolves {status, body}; rejects only on network failure. */
  async function post(path, body, { repeatable = true } = {}) {
    const res = await fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': csrfToken, Accept: 'application/json' },
      body: JSON.stringify(body || {}),
    });
    let data = null;
    try {
      data = await res.json();
    } catch {
      data = null;
    }
    if (data && typeof data.csrf_token === 'string') setToken(data.csrf_token);
    if (
      res.status === 403 &&
      data &&
      data.error &&
      data.error.code === 'csrf_rejected' &&
      repeatable &&
      !sessionStorage.getItem(REPEAT_KEY)
    ) {
      sessionStorage.setItem(REPEAT_KEY, JSON.stringify({ path, body }));
      location.reload();
      return new Promise(() => {});
    }
    return { status: res.status, body: data };
  }

  // Repeat an action once after the reload that a csrf_rejected answer caused.
  const repeat = sessionStorage.getItem(REPEAT_KEY);
  if (repeat) {
    sessionStorage.removeItem(REPEAT_KEY);
    try {
      const { path, body } = JSON.parse(repeat);
      if (path !== '/_post/checkout/place-order')
        post(path, body, { repeatable: false }).then(() => location.reload());
    } catch {
      /* ignore a damaged entry */
    }
  }

  function money(minor, currency) {
    if (minor === null || minor === undefined || !currency) return '';
    const format = new Intl.NumberFormat(LOCALE, { style: 'currency', currency });
    // amounts are in minor units: 2 digits for EUR, 0 for JPY, 3 for KWD
    return format.format(minor / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2));
  }

  function errorMessage(body, fallback) {
    return (body && body.error && body.error.message) || fallback;
  }

  function updateCartCount(cart) {
    const count = document.querySelector('[data-cart-count]');
    if (count && cart && typeof cart.ItemCount === 'number') count.textContent = String(cart.ItemCount);
  }

  // Header menu on narrow screens: the checkbox that opens it without JavaScript becomes a button
  // that says whether the menu is open (aria-expanded); Escape closes it.
  const menuToggle = document.querySelector('[data-menu-toggle]');
  const menu = document.querySelector('[data-menu]');
  const menuLabel = menuToggle && document.querySelector(`label[for="${menuToggle.id}"]`);
  if (menuToggle && menu && menuLabel) {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = menuLabel.className;
    button.textContent = menuLabel.textContent;
    button.setAttribute('aria-controls', menu.id);
    const setOpen = (open) => {
      button.setAttribute('aria-expanded', String(open));
      menu.classList.toggle('is-open', open);
    };
    setOpen(menuToggle.checked);
    button.addEventListener('click', () => setOpen(button.getAttribute('aria-expanded') !== 'true'));
    document.addEventListener('keydown', (event) => {
      if (event.key !== 'Escape' || button.getAttribute('aria-expanded') !== 'true') return;
      setOpen(false);
      button.focus();
    });
    menuLabel.replaceWith(button);
    menuToggle.remove();
  }

  // Logout: POST, clear private content, then go to /login.
  for (const form of document.querySelectorAll('form[data-logout]')) {
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      try {
        await post('/_post/auth/logout', {});
      } finally {
        for (const el of document.querySelectorAll('[data-private]')) el.replaceChildren();
        sessionStorage.removeItem(PENDING_KEY);
        location.assign('/login');
      }
    });
  }

  // Add to cart: variant_id and quantity only; the server owns prices.
  for (const form of document.querySelectorAll('form[data-add-to-cart]')) {
    const status = form.querySelector('[data-status]');
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      const chosen = form.querySelector('input[name="variant_id"]:checked');
      const quantity = Number(form.querySelector('input[name="quantity"]').value);
      if (!chosen) return void (status.textContent = msg('choose_option'));
      if (!Number.isInteger(quantity) || quantity < 1 || quantity > 999)
        return void (status.textContent = msg('quantity_range'));
      status.textContent = msg('adding');
      try {
        const { status: code, body } = await post('/_post/cart/add', {
          variant_id: chosen.dataset.variantId,
          quantity,
        });
        if (code === 200) {
          updateCartCount(body);
          status.replaceChildren(
            `${msg('added')} `,
            Object.assign(document.createElement('a'), { href: '/cart', textContent: msg('view_cart') }),
          );
        } else {
          status.textContent = errorMessage(body, msg('add_failed'));
        }
      } catch {
        status.textContent = msg('add_network');
      }
    });
  }

  // Cart page: quantity changes (0 = remove) and removals, then re-render from the server.
  const cartRoot = document.querySelector('[data-cart]');
  if (cartRoot) {
    cartRoot.addEventListener('submit', async (event) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement)) return;
      event.preventDefault();
      const variantId = form.querySelector('input[name="variant_id"]').value;
      const qtyInput = form.querySelector('input[name="quantity"]');
      let path = '/_post/cart/remove';
      let body = { variant_id: variantId };
      if (form.hasAttribute('data-cart-update')) {
        const quantity = Number(qtyInput.value);
        if (!Number.isInteger(quantity) || quantity < 0 || quantity > 999) {
          qtyInput.setAttribute('aria-invalid', 'true');
          return;
        }
        if (quantity > 0) {
          path = '/_post/cart/update';
          body = { variant_id: variantId, quantity };
        }
      }
      try {
        const { status, body: data } = await post(path, body);
        if (status === 200) location.reload();
        else alert(errorMessage(data, msg('cart_failed')));
      } catch {
        alert(msg('cart_network'));
      }
    });
  }

  // Checkout: address → quote → confirm, with the contract's pending-order states.
  const checkout = document.querySelector('form[data-checkout]');
  if (checkout) {
    const review = document.querySelector('[data-review]');
    const statusBox = document.querySelector('[data-checkout-status]');
    const pendingNotice = document.querySelector('[data-pending-notice]');
    const placeButton = document.querySelector('[data-place-order]');
    const placed = document.querySelector('[data-order-placed]');
    const layout = document.querySelector('[data-checkout-layout]');
    const fields = ['name', 'line1', 'line2', 'city', 'region', 'postal_code', 'country', 'phone'];
    let quote = null;

    const showStatus = (text) => {
      statusBox.textContent = text;
      statusBox.hidden = !text;
    };
    const address = () => {
      const out = {};
      for (const f of fields) {
        const v = checkout.elements[f].value.trim();
        if (v) out[f] = f === 'country' ? v.toUpperCase() : v;
      }
      return out;
    };
    const clearFieldErrors = () => {
      for (const el of checkout.querySelectorAll('[data-error-for]')) el.textContent = '';
      for (const f of fields) checkout.elements[f].removeAttribute('aria-invalid');
    };
    const discardReview = () => {
      quote = null;
      review.hidden = true;
    };
    const lockForm = (locked) => {
      for (const el of checkout.elements) el.disabled = locked;
    };
    const loadPending = () => {
      try {
        return JSON.parse(sessionStorage.getItem(PENDING_KEY) || 'null');
      } catch {
        return null;
      }
    };

    checkout.addEventListener('input', () => {
      if (quote) discardReview();
    });

    checkout.addEventListener('submit', async (event) => {
      event.preventDefault();
      clearFieldErrors();
      showStatus('');
      try {
        const { status, body } = await post('/_post/checkout/quote', { shipping_address: address() });
        if (status !== 200) {
          const bad = (body && body.error && body.error.fields) || {};
          for (const [name, message] of Object.entries(bad)) {
            const key = name.replace(/^shipping_address\./, '');
            const slot = checkout.querySelector(`[data-error-for="${key}"]`);
            if (slot) slot.textContent = message;
            if (checkout.elements[key]) checkout.elements[key].setAttribute('aria-invalid', 'true');
          }
          showStatus(errorMessage(body, msg('quote_failed')));
          return;
        }
        quote = body;
        renderQuote(body);
      } catch {
        showStatus(msg('network'));
      }
    });

    function renderQuote(q) {
      const lines = review.querySelector('[data-review-lines]');
      const totals = review.querySelector('[data-review-totals]');
      lines.replaceChildren(
        ...q.Items.map((item) => {
          const tr = document.createElement('tr');
          for (const [text, cls] of [
            [
              `${item.ProductName} · ${item.VariantName}` +
                (item.StockShort ? ` ${msg('stock_short', { left: item.StockLeft })}` : ''),
              '',
            ],
            [String(item.quantity), 'num'],
            [money(item.LineTotal, q.Currency), 'num'],
          ]) {
            const td = document.createElement('td');
            td.textContent = text;
            if (cls) td.className = cls;
            tr.append(td);
          }
          return tr;
        }),
      );
      const rows = [
        ['subtotal', q.SubtotalAmount],
        ['shipping', q.ShippingFeeAmount],
        ['tax', q.TaxAmount],
        ['discount', -q.DiscountAmount],
        ['total', q.GrandTotalAmount],
      ].filter(([key, amount]) => key !== 'discount' || amount !== 0);
      totals.replaceChildren(
        ...rows.map(([key, amount]) => {
          const tr = document.createElement('tr');
          const th = Object.assign(document.createElement('th'), {
            scope: 'row',
            colSpan: 2,
            textContent: msg(key),
          });
          const td = Object.assign(document.createElement('td'), {
            className: 'num',
            textContent: money(amount, q.Currency),
          });
          tr.append(th, td);
          return tr;
        }),
      );
      review.hidden = false;
      review.scrollIntoView({ block: 'nearest' });
    }

    function randomKey() {
      const bytes = crypto.getRandomValues(new Uint8Array(16));
      return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
    }

    async function send(pending) {
      placeButton.disabled = true;
      showStatus(msg('placing'));
      let response;
      try {
        response = await post('/_post/checkout/place-order', pending, { repeatable: false });
      } catch {
        response = null;
      }
      placeButton.disabled = false;
      if (response && response.status >= 200 && response.status < 300 && response.body && response.body.ID) {
        sessionStorage.removeItem(PENDING_KEY);
        if (checkout.dataset.signedIn === 'true') {
          location.assign(`/my-orders/${encodeURIComponent(response.body.ID)}`);
          return;
        }
        // A guest has no order pages: the confirmation with the order number is shown here, and the
        // address becomes /checkout?placed=1, which the server renders from the session's last order,
        // so a reload shows the same confirmation.
        const number = response.body.Number || response.body.ID;
        placed.querySelector('[data-order-number]').textContent = number;
        history.replaceState(null, '', '/checkout?placed=1');
        for (const el of [layout, pendingNotice, statusBox]) el.hidden = true;
        placed.hidden = false;
        placed.focus();
        updateCartCount({ ItemCount: 0 });
        return;
      }
      if (response && (response.status === 409 || response.status === 422)) {
        sessionStorage.removeItem(PENDING_KEY);
        lockForm(false);
        discardReview();
        pendingNotice.hidden = true;
        showStatus(`${errorMessage(response.body, msg('not_placed'))} ${msg('review_again')}`);
        return;
      }
      // Network failure or 5xx: the outcome is unknown. Keep the pending order for a manual retry.
      lockForm(true);
      pendingNotice.hidden = false;
      showStatus(msg('not_confirmed'));
    }

    placeButton.addEventListener('click', () => {
      if (!quote) return;
      const addr = address();
      const pending = {
        idempotency_key: randomKey(),
        quote_fingerprint: quote.Fingerprint,
        shipping_address: addr,
        note: checkout.elements.note.value,
      };
      sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
      lockForm(true);
      void send(pending);
    });

    pendingNotice.querySelector('[data-retry]').addEventListener('click', () => {
      const pending = loadPending();
      if (pending) void send(pending);
    });

    // After a reload with a pending order: point to the order list instead of silently starting over.
    const existing = loadPending();
    if (existing) {
      pendingNotice.hidden = false;
      for (const f of fields)
        if (checkout.elements[f]) checkout.elements[f].value = existing.shipping_address[f] || '';
      checkout.elements.note.value = existing.note || '';
      lockForm(true);
    }
  }
})();
