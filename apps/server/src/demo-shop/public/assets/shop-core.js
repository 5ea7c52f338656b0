// Demo Shop, shared part: storage (cart, signed-in user, last order in localStorage), DOM and API
// helpers, header, footer and product cards. The pages' own code is in app.js.
/* global document, location, window */
(function () {
  'use strict';

  var CART_KEY = 'demoShop.cart';
  var USER_KEY = 'demoShop.user';
  var ORDER_KEY = 'demoShop.lastOrder';
  var EXPRESS_SHIPPING = 9.99;

  // ---- storage ----
  function read(key, fallback) {
    try {
      var value = JSON.parse(localStorage.getItem(key));
      return value === null ? fallback : value;
    } catch {
      return fallback;
    }
  }
  function write(key, value) {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  }
  function cart() {
    var items = read(CART_KEY, []);
    return Array.isArray(items) ? items.filter(function (i) { return i && typeof i.id === 'string' && i.quantity > 0; }) : [];
  }
  function saveCart(items) {
    write(CART_KEY, items);
    renderCartCount();
  }
  function addToCart(id, quantity) {
    var items = cart();
    var line = items.find(function (i) { return i.id === id; });
    if (line) line.quantity = Math.min(99, line.quantity + quantity);
    else items.push({ id: id, quantity: quantity });
    saveCart(items);
  }
  function cartCount() {
    return cart().reduce(function (n, i) { return n + i.quantity; }, 0);
  }

  // ---- helpers ----
  function $(selector) {
    return document.querySelector(selector);
  }
  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (name) {
      var value = attrs[name];
      if (value === undefined || value === null || value === false) return;
      if (name === 'text') node.textContent = value;
      else if (name.slice(0, 2) === 'on') node.addEventListener(name.slice(2), value);
      else node.setAttribute(name, value === true ? '' : value);
    });
    (children || []).forEach(function (child) {
      if (child !== null && child !== undefined) node.append(child);
    });
    return node;
  }
  function money(n) {
    return '$' + (Math.round(n * 100) / 100).toFixed(2);
  }
  function param(name) {
    return new URLSearchParams(location.search).get(name) || '';
  }
  function api(path, options) {
    var init = options ? { method: options.method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(options.body) } : undefined;
    return fetch('api/' + path, init).then(function (res) {
      return res.json().catch(function () { return {}; }).then(function (body) {
        return { ok: res.ok, status: res.status, body: body };
      });
    });
  }
  var productsPromise = null;
  function products() {
    if (!productsPromise) {
      productsPromise = api('products').then(function (res) {
        if (!res.ok) throw new Error(res.body.error || 'Could not load the products');
        return res.body.products;
      });
    }
    return productsPromise;
  }
  function byId(list) {
    var map = {};
    list.forEach(function (p) { map[p.id] = p; });
    return map;
  }
  function showStatus(target, message, link) {
    target.replaceChildren.apply(target, link ? [el('span', { text: message }), ' ', link] : [el('span', { text: message })]);
    target.hidden = false;
  }

  // ---- header and footer ----
  function renderHeader() {
    var header = $('#site-header');
    if (!header) return;
    var user = read(USER_KEY, null);
    var page = document.body.dataset.page;
    var link = function (href, text, name) {
      return el('a', { href: href, class: 'nav-link', 'aria-current': page === name ? 'page' : null, text: text });
    };
    var cartLink = el('a', { href: 'cart', class: 'nav-link cart-link', 'aria-current': page === 'cart' ? 'page' : null, 'aria-describedby': 'cart-count-text' }, [
      'Cart',
      el('span', { class: 'badge', id: 'cart-count', 'aria-hidden': 'true', text: '0' }),
    ]);
    header.replaceChildren(
      el('div', { class: 'container header-row' }, [
        el('a', { href: './', class: 'logo' }, [el('span', { class: 'logo-mark', 'aria-hidden': 'true', text: 'DS' }), 'Demo Shop']),
        el('form', { class: 'search', role: 'search', action: 'search', method: 'get' }, [
          el('label', { for: 'search-input', class: 'visually-hidden', text: 'Search products' }),
          el('input', { id: 'search-input', name: 'q', type: 'search', placeholder: 'Search products', value: page === 'search' ? param('q') : '' }),
          el('button', { type: 'submit', class: 'button small', text: 'Search' }),
        ]),
        el('nav', { class: 'nav', 'aria-label': 'Main' }, [
          link('./', 'Products', 'home'),
          user ? link('account', 'My account', 'account') : link('login', 'Log in', 'login'),
          cartLink,
          el('span', { id: 'cart-count-text', class: 'visually-hidden' }),
        ]),
      ]),
    );
    renderCartCount();
  }
  function renderCartCount() {
    var count = cartCount();
    var badge = $('#cart-count');
    if (badge) {
      badge.textContent = String(count);
      badge.classList.toggle('is-zero', count === 0);
    }
    var text = $('#cart-count-text');
    if (text) text.textContent = count === 1 ? '1 item' : count + ' items';
  }
  function renderFooter() {
    var footer = $('#site-footer');
    if (!footer) return;
    footer.replaceChildren(
      el('div', { class: 'container footer-row' }, [
        el('span', { text: 'Demo Shop: a practice shop served by Stepwise. Nothing is sold or shipped.' }),
        el('span', { text: 'Demo account: demo / demo123' }),
      ]),
    );
  }

  // ---- product cards (home and search) ----
  function productCard(product, status) {
    var url = 'product?id=' + encodeURIComponent(product.id);
    return el('li', { class: 'card product-card', 'data-product-id': product.id }, [
      el('a', { href: url, class: 'product-image', tabindex: '-1', 'aria-hidden': 'true' }, [el('img', { src: product.image, alt: '', width: '240', height: '180' })]),
      el('div', { class: 'card-body' }, [
        el('p', { class: 'category', text: product.category }),
        el('h3', { class: 'product-name' }, [el('a', { href: url, text: product.name })]),
        el('div', { class: 'card-footer' }, [
          el('span', { class: 'price', text: money(product.price) }),
          el('button', {
            type: 'button',
            class: 'button small',
            text: 'Add to cart',
            title: 'Add ' + product.name + ' to the cart',
            onclick: function () {
              addToCart(product.id, 1);
              showStatus(status, product.name + ' was added to your cart.', el('a', { href: 'cart', text: 'View cart' }));
            },
          }),
        ]),
      ]),
    ]);
  }
  function renderProductGrid(list, grid, status) {
    grid.replaceChildren.apply(grid, list.map(function (p) { return productCard(p, status); }));
    grid.setAttribute('aria-busy', 'false');
  }
  function loadError(target, err) {
    target.replaceChildren(el('p', { class: 'alert error', role: 'alert', text: err.message || String(err) }));
  }

  window.DemoShop = { CART_KEY, USER_KEY, ORDER_KEY, EXPRESS_SHIPPING, read, write, cart, saveCart, addToCart, cartCount, '$': $, el, money, param, api, productsPromise, products, byId, showStatus, renderHeader, renderCartCount, renderFooter, productCard, renderProductGrid, loadError };
})();
