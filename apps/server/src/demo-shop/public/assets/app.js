// Demo Shop: the code of each page (shop-core.js holds what they share). State lives in localStorage;
// products, login and orders go through the JSON API under ./api/.
/* global document, location, window */
(function () {
  'use strict';

  var S = window.DemoShop;
  var USER_KEY = S.USER_KEY;
  var ORDER_KEY = S.ORDER_KEY;
  var EXPRESS_SHIPPING = S.EXPRESS_SHIPPING;
  var read = S.read;
  var write = S.write;
  var cart = S.cart;
  var saveCart = S.saveCart;
  var addToCart = S.addToCart;
  var cartCount = S.cartCount;
  var $ = S['$'];
  var el = S.el;
  var money = S.money;
  var param = S.param;
  var api = S.api;
  var products = S.products;
  var byId = S.byId;
  var showStatus = S.showStatus;
  var renderHeader = S.renderHeader;
  var renderFooter = S.renderFooter;
  var renderProductGrid = S.renderProductGrid;
  var loadError = S.loadError;

  // ---- pages ----
  var pages = {};

  pages.home = function () {
    var grid = $('#product-grid');
    products().then(function (list) { renderProductGrid(list, grid, $('#status')); }, function (err) { loadError(grid, err); });
  };

  pages.search = function () {
    var q = param('q').trim();
    var heading = $('#search-heading');
    var grid = $('#product-grid');
    var summary = $('#search-summary');
    heading.textContent = q ? 'Search results for "' + q + '"' : 'All products';
    api('products?q=' + encodeURIComponent(q)).then(function (res) {
      if (!res.ok) return loadError(grid, new Error(res.body.error || 'Search failed'));
      var list = res.body.products;
      if (list.length === 0) {
        summary.replaceChildren('No products found for "' + q + '". ', el('a', { href: './', text: 'Browse all products' }));
        grid.replaceChildren();
        return;
      }
      summary.textContent = list.length === 1 ? '1 product found.' : list.length + ' products found.';
      renderProductGrid(list, grid, $('#status'));
    });
  };

  pages.product = function () {
    var root = $('#product');
    api('products/' + encodeURIComponent(param('id'))).then(function (res) {
      if (!res.ok) {
        document.title = 'Product not found - Demo Shop';
        root.replaceChildren(el('h1', { text: 'Product not found' }), el('p', {}, [el('a', { href: './', text: 'Back to all products' })]));
        return;
      }
      var p = res.body.product;
      document.title = p.name + ' - Demo Shop';
      var status = el('p', { class: 'alert success', role: 'status', hidden: true });
      var options = [];
      for (var n = 1; n <= 10; n++) options.push(el('option', { value: String(n), text: String(n) }));
      var quantity = el('select', { id: 'quantity', name: 'quantity' }, options);
      root.replaceChildren(
        el('nav', { class: 'breadcrumb', 'aria-label': 'Breadcrumb' }, [el('a', { href: './', text: 'Products' }), el('span', { 'aria-hidden': 'true', text: ' / ' }), el('span', { text: p.name })]),
        el('div', { class: 'product-detail' }, [
          el('div', { class: 'detail-image card' }, [el('img', { src: p.image, alt: p.name, width: '480', height: '360' })]),
          el('div', { class: 'detail-body' }, [
            el('p', { class: 'category', text: p.category }),
            el('h1', { text: p.name }),
            el('p', { class: 'price large', text: money(p.price) }),
            el('p', { class: 'description', text: p.description }),
            el('div', { class: 'buy-row' }, [
              el('div', { class: 'field inline' }, [el('label', { for: 'quantity', text: 'Quantity' }), quantity]),
              el('button', {
                type: 'button',
                class: 'button',
                text: 'Add to cart',
                onclick: function () {
                  addToCart(p.id, Number(quantity.value));
                  showStatus(status, p.name + ' was added to your cart.', el('a', { href: 'cart', text: 'View cart' }));
                },
              }),
            ]),
            status,
          ]),
        ]),
      );
    });
  };

  pages.cart = function () {
    var root = $('#cart');
    products().then(function (list) {
      var catalogue = byId(list);
      function render() {
        var items = cart().filter(function (i) { return catalogue[i.id]; });
        if (items.length === 0) {
          root.replaceChildren(el('div', { class: 'empty card' }, [el('p', { text: 'Your cart is empty.' }), el('a', { href: './', class: 'button', text: 'Browse products' })]));
          return;
        }
        var total = 0;
        var rows = items.map(function (item) {
          var p = catalogue[item.id];
          var line = p.price * item.quantity;
          total += line;
          var id = 'qty-' + p.id;
          var options = [];
          for (var n = 1; n <= Math.max(10, item.quantity); n++) options.push(el('option', { value: String(n), text: String(n), selected: n === item.quantity }));
          return el('tr', { 'data-product-id': p.id }, [
            el('td', { class: 'cart-product' }, [el('img', { src: p.image, alt: '', width: '64', height: '48' }), el('a', { href: 'product?id=' + encodeURIComponent(p.id), text: p.name })]),
            el('td', { class: 'num', text: money(p.price) }),
            el('td', {}, [
              el('label', { for: id, class: 'visually-hidden', text: 'Quantity' }),
              el('select', {
                id: id,
                class: 'qty',
                onchange: function (e) {
                  var next = cart().map(function (i) { return i.id === p.id ? { id: i.id, quantity: Number(e.target.value) } : i; });
                  saveCart(next);
                  render();
                },
              }, options),
            ]),
            el('td', { class: 'num line-total', text: money(line) }),
            el('td', { class: 'num' }, [
              el('button', {
                type: 'button',
                class: 'button link danger',
                title: 'Remove ' + p.name + ' from the cart',
                text: 'Remove',
                onclick: function () {
                  saveCart(cart().filter(function (i) { return i.id !== p.id; }));
                  render();
                },
              }),
            ]),
          ]);
        });
        root.replaceChildren(
          el('div', { class: 'cart-layout' }, [
            el('table', { class: 'cart-table card' }, [
              el('thead', {}, [el('tr', {}, ['Product', 'Price', 'Quantity', 'Subtotal', ''].map(function (h, i) { return el('th', { scope: 'col', class: i === 1 || i >= 3 ? 'num' : null, text: h }); }))]),
              el('tbody', {}, rows),
            ]),
            el('aside', { class: 'summary card', 'aria-label': 'Cart summary' }, [
              el('h2', { text: 'Summary' }),
              el('p', { class: 'summary-row' }, [el('span', { text: 'Items' }), el('span', { id: 'item-count', text: String(cartCount()) })]),
              el('p', { class: 'summary-row total', id: 'cart-total' }, ['Total: ', el('strong', { text: money(total) })]),
              el('a', { href: 'checkout', class: 'button block', text: 'Proceed to checkout' }),
              el('a', { href: './', class: 'continue', text: 'Continue shopping' }),
            ]),
          ]),
        );
      }
      render();
    }, function (err) { loadError(root, err); });
  };

  pages.checkout = function () {
    var form = $('#checkout-form');
    var summary = $('#order-summary');
    products().then(function (list) {
      var catalogue = byId(list);
      var items = cart().filter(function (i) { return catalogue[i.id]; });
      if (items.length === 0) {
        $('#checkout').replaceChildren(el('div', { class: 'empty card' }, [el('p', { text: 'Your cart is empty.' }), el('a', { href: './', class: 'button', text: 'Browse products' })]));
        return;
      }
      function renderSummary() {
        var subtotal = items.reduce(function (s, i) { return s + catalogue[i.id].price * i.quantity; }, 0);
        var express = form.elements.shipping.value === 'express';
        summary.replaceChildren(
          el('h2', { text: 'Your order' }),
          el('ul', { class: 'summary-lines' }, items.map(function (i) {
            var p = catalogue[i.id];
            return el('li', { class: 'summary-row' }, [el('span', { text: i.quantity + ' × ' + p.name }), el('span', { text: money(p.price * i.quantity) })]);
          })),
          el('p', { class: 'summary-row' }, [el('span', { text: 'Shipping' }), el('span', { text: express ? money(EXPRESS_SHIPPING) : 'Free' })]),
          el('p', { class: 'summary-row total', id: 'order-total' }, ['Order total: ', el('strong', { text: money(subtotal + (express ? EXPRESS_SHIPPING : 0)) })]),
        );
      }
      form.hidden = false;
      renderSummary();
      form.addEventListener('change', renderSummary);
      form.addEventListener('submit', function (e) {
        e.preventDefault();
        if (!validateCheckout(form)) return;
        var button = form.querySelector('button[type=submit]');
        button.disabled = true;
        var body = {
          name: form.elements.name.value.trim(),
          email: form.elements.email.value.trim(),
          address: form.elements.address.value.trim(),
          city: form.elements.city.value.trim(),
          country: form.elements.country.value,
          shipping: form.elements.shipping.value,
          items: items.map(function (i) { return { id: i.id, quantity: i.quantity }; }),
        };
        api('orders', { method: 'POST', body: body }).then(function (res) {
          button.disabled = false;
          if (!res.ok) {
            showStatus($('#form-error'), res.body.error || 'The order could not be placed');
            return;
          }
          write(ORDER_KEY, Object.assign({ email: body.email, country: body.country }, res.body.order));
          saveCart([]);
          location.href = 'confirmation?order=' + encodeURIComponent(res.body.order.orderId);
        });
      });
    }, function (err) { loadError(summary, err); });
  };

  var CHECKOUT_RULES = [
    ['name', 'Please enter your full name', function (v) { return v.trim() !== ''; }],
    ['email', 'Please enter a valid email address', function (v) { return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.trim()); }],
    ['address', 'Please enter your address', function (v) { return v.trim() !== ''; }],
    ['city', 'Please enter your city', function (v) { return v.trim() !== ''; }],
  ];
  function validateCheckout(form) {
    var firstInvalid = null;
    CHECKOUT_RULES.forEach(function (rule) {
      var input = form.elements[rule[0]];
      var ok = rule[2](input.value);
      setFieldError(input, ok ? '' : rule[1]);
      if (!ok && !firstInvalid) firstInvalid = input;
    });
    var terms = form.elements.terms;
    setFieldError(terms, terms.checked ? '' : 'Please accept the terms and conditions');
    if (!terms.checked && !firstInvalid) firstInvalid = terms;
    if (firstInvalid) firstInvalid.focus();
    return !firstInvalid;
  }
  function setFieldError(input, message) {
    var error = document.getElementById(input.id + '-error');
    error.textContent = message;
    error.hidden = !message;
    input.setAttribute('aria-invalid', message ? 'true' : 'false');
    input.closest('.field').classList.toggle('invalid', Boolean(message));
  }

  pages.confirmation = function () {
    var order = read(ORDER_KEY, null);
    var root = $('#confirmation');
    if (!order || order.orderId !== param('order')) {
      root.replaceChildren(el('h1', { text: 'No order found' }), el('p', {}, [el('a', { href: './', text: 'Back to the shop' })]));
      return;
    }
    root.replaceChildren(
      el('div', { class: 'check', 'aria-hidden': 'true', text: '✓' }),
      el('h1', { text: 'Thank you for your order' }),
      el('p', { class: 'lead', text: 'Your order number is ' + order.orderId + '.' }),
      el('p', { text: 'A confirmation will be sent to ' + order.email + '. (This is a demo: nothing is sent.)' }),
      el('ul', { class: 'summary-lines' }, order.items.map(function (i) {
        return el('li', { class: 'summary-row' }, [el('span', { text: i.quantity + ' × ' + i.name }), el('span', { text: money(i.price * i.quantity) })]);
      })),
      el('p', { class: 'summary-row' }, [el('span', { text: 'Shipping' }), el('span', { text: order.shipping ? money(order.shipping) : 'Free' })]),
      el('p', { class: 'summary-row total' }, ['Total paid: ', el('strong', { text: money(order.total) })]),
      el('a', { href: './', class: 'button', text: 'Continue shopping' }),
    );
  };

  pages.login = function () {
    var form = $('#login-form');
    var error = $('#login-error');
    if (read(USER_KEY, null)) {
      location.replace('account');
      return;
    }
    if (param('loggedOut')) showStatus($('#login-info'), 'You have been logged out.');
    form.addEventListener('submit', function (e) {
      e.preventDefault();
      var username = form.elements.username.value.trim();
      var password = form.elements.password.value;
      error.hidden = true;
      if (!username || !password) {
        showStatus(error, 'Please enter your username and password');
        return;
      }
      api('login', { method: 'POST', body: { username: username, password: password } }).then(function (res) {
        if (!res.ok) {
          showStatus(error, res.body.error || 'Login failed');
          form.elements.password.value = '';
          return;
        }
        write(USER_KEY, res.body.user);
        location.href = 'account';
      });
    });
  };

  pages.account = function () {
    var user = read(USER_KEY, null);
    if (!user) {
      location.replace('login');
      return;
    }
    $('#welcome').textContent = 'Welcome back, ' + user.name + '!';
    $('#signed-in-as').textContent = 'You are signed in as ' + user.username + '.';
    $('#logout').addEventListener('click', function () {
      write(USER_KEY, null);
      location.href = 'login?loggedOut=1';
    });
  };

  renderHeader();
  renderFooter();
  var page = pages[document.body.dataset.page];
  if (page) page();
})();
