/* global window, document, __RECORDING_CHECK__ */
// __RECORDING_CHECK__ is recording-check.js's function, put in by overlay.ts.
// The local recorder's toolbar, injected into every page (Playwright's addInitScript): Assert text,
// Assert visible, Assert URL, each calling the binding named below. Plain browser JavaScript.
(() => {
  const binding = '__BINDING__';
  const flag = '__FLAG__';

  if (window.top !== window) return;
  const call = (kind, arg) => window[binding](kind, arg);
  const mount = () => {
    if (document.querySelector('x-pw-glass[data-stepwise]')) return;
    const host = document.createElement('x-pw-glass');
    host.setAttribute('data-stepwise', '');
    const root = host.attachShadow({ mode: 'closed' });
    // An adopted stylesheet, not a <style> element: it holds under a strict Content-Security-Policy.
    const sheet = new window.CSSStyleSheet();
    sheet.replaceSync(`      .bar{position:fixed;right:12px;bottom:12px;z-index:2147483647;display:flex;gap:6px;align-items:center;padding:6px 8px;border-radius:8px;
        background:#1f2937;color:#fff;font:13px system-ui,sans-serif;box-shadow:0 4px 16px rgba(0,0,0,.3)}
      button{font:inherit;color:#fff;background:#4f46e5;border:0;border-radius:6px;padding:5px 9px;cursor:pointer}
      button:hover{background:#4338ca} input{font:inherit;padding:4px 6px;border-radius:4px;border:0;width:180px}
      .state{min-width:5.5em} .state.on::before{content:'';display:inline-block;width:9px;height:9px;margin-right:5px;border-radius:50%;background:#ef4444}
      .msg{max-width:260px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
      .glass{position:fixed;inset:0;z-index:2147483646;cursor:crosshair;background:rgba(79,70,229,.08)}
    `);
    root.adoptedStyleSheets = [sheet];
    root.innerHTML = `<div class="bar" role="toolbar" aria-label="Stepwise recorder">
      <strong class="state">Starting…</strong>
      <button data-k="text">Assert text</button><button data-k="visible">Assert visible</button><button data-k="url">Assert URL</button>
      <input hidden placeholder="Text to find, then Enter"><span class="msg" aria-live="polite"></span>
    </div>`;
    const msg = root.querySelector('.msg');
    const input = root.querySelector('input');
    const show = (r) => (msg.textContent = r.message);
    root.querySelector('[data-k="url"]')?.addEventListener('click', () => void call('url').then(show));
    root.querySelector('[data-k="text"]')?.addEventListener('click', () => {
      const selected = String(window.getSelection() ?? '').trim();
      if (selected) return void call('text', { text: selected }).then(show);
      input.hidden = false;
      input.focus();
    });
    input.addEventListener('keydown', (e) => {
      e.stopPropagation();
      if (e.key === 'Escape') input.hidden = true;
      if (e.key !== 'Enter' || !input.value.trim()) return;
      void call('text', { text: input.value }).then(show);
      input.value = '';
      input.hidden = true;
    });
    root.querySelector('[data-k="visible"]')?.addEventListener('click', () => {
      const glass = document.createElement('div');
      glass.className = 'glass';
      glass.addEventListener('click', (e) => {
        e.preventDefault();
        e.stopPropagation();
        glass.remove();
        void call('visible', { x: e.clientX, y: e.clientY }).then(show);
      });
      root.appendChild(glass);
      msg.textContent = 'Click the element that should be visible';
    });
    document.documentElement.appendChild(host);
    void recording().then((on) => {
      const state = root.querySelector('.state');
      state.textContent = on ? 'REC' : 'Not recording';
      state.classList.toggle('on', on);
      if (on) host.setAttribute('data-recording', '');
    });
  };
  // Playwright's recorder comes into the page a moment after it starts loading (see recorder-ready.ts):
  // REC shows once it records, so that a person (and a test) acts once what they do is heard.
  let known;
  const recording = () => (known ??= (__RECORDING_CHECK__)(flag, 30000));
  if (document.documentElement) mount();
  document.addEventListener('DOMContentLoaded', mount);
})();
