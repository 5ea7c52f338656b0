// The scroll measurement of bench:web (see docs/PERFORMANCE.md, "bench:web"), run in the page.
//
// Each requestAnimationFrame moves the scroller STEP px. Two figures per frame:
// - the rAF interval (timestamps of consecutive frames): what the screen showed, which on a loaded
//   machine counts the scheduler's delays as much as the page's work;
// - the frame's main-thread work: from the first thing the frame runs for the page (the scroll event
//   of the previous move, seen by a capturing listener on window before the tree's own listener, or
//   the rAF callback when there is none) to a MessageChannel message posted from the rAF callback,
//   which runs as the first task after the frame's style, layout and paint.
// From the work, the frame rate the page's work allows at 60 Hz: a frame whose work takes longer than
// one vsync interval (16.7 ms) holds the screen for as many intervals as it spans.

/* global document, window, requestAnimationFrame -- functions run in the page by page.evaluate */

export const VSYNC_MS = 1000 / 60;

/** Frames per second the work allows at 60 Hz: each frame takes ceil(work / 16.7 ms) vsync intervals (at least one). */
export function workFps(work) {
  const intervals = work.reduce((n, w) => n + Math.max(1, Math.ceil(w / VSYNC_MS)), 0);
  return (60 * work.length) / intervals;
}

/**
 * Moves the page's `[role="tree"]` scroller `px` a frame for `frames` frames. Returns the rAF fps,
 * rAF intervals over 17 ms, the worst interval, each frame's work (ms), and the rows (last row's
 * index + 1, after a scroll to the end).
 */
export const scrollFrames = (page, frames, px) =>
  page.evaluate(
    ([n, step]) =>
      new Promise((resolve) => {
        const scroller = document.querySelector('[role="tree"]');
        const times = [];
        const work = [];
        let frameStart = null;
        const onScroll = () => {
          if (frameStart === null) frameStart = performance.now();
        };
        window.addEventListener('scroll', onScroll, { capture: true, passive: true });
        const channel = new MessageChannel();
        channel.port1.onmessage = (e) => work.push(performance.now() - e.data);
        const rowCount = (done) => {
          scroller.scrollTop = scroller.scrollHeight;
          requestAnimationFrame(() =>
            requestAnimationFrame(() => done(Math.max(0, ...[...scroller.querySelectorAll('[data-index]')].map((el) => Number(el.getAttribute('data-index')))) + 1)),
          );
        };
        const frame = (t) => {
          const start = frameStart ?? performance.now();
          frameStart = null;
          times.push(t);
          if (times.length <= n) {
            // The first frame's work is not counted: its scroll event belongs to no move of ours.
            if (times.length > 1) channel.port2.postMessage(start);
            scroller.scrollTop += step;
            requestAnimationFrame(frame);
            return;
          }
          window.removeEventListener('scroll', onScroll, { capture: true });
          const gaps = times.slice(1).map((x, i) => x - times[i]);
          const result = { fps: (1000 * gaps.length) / (times.at(-1) - times[0]), over: gaps.filter((g) => g > 17).length, worst: Math.max(...gaps) };
          // The last frame's message runs after this frame: wait for it before reading `work`.
          setTimeout(() => new Promise(rowCount).then((rows) => resolve({ ...result, work, rows })), 0);
        };
        requestAnimationFrame(frame);
      }),
    [frames, px],
  );

/** Summary of one scroll's frame work: the share within 16 ms, the median and the worst, and workFps. */
export function frameWork(work) {
  const sorted = [...work].sort((a, b) => a - b);
  return {
    within: work.filter((w) => w <= 16).length / work.length,
    median: sorted[Math.floor(sorted.length / 2)],
    p95: sorted[Math.floor(sorted.length * 0.95)],
    worst: sorted.at(-1),
    fps: workFps(work),
  };
}

/**
 * Records a V8 CPU profile of the page while `during` runs (CDP Profiler) and writes it to `file`
 * (open it in Chrome DevTools' Performance panel); returns the functions with the most self time.
 */
export async function profile(page, file, during, fs) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  const result = await during();
  const { profile: cpu } = await cdp.send('Profiler.stop');
  fs.writeFileSync(file, JSON.stringify(cpu));
  const self = new Map();
  const byId = new Map(cpu.nodes.map((node) => [node.id, node]));
  const gaps = cpu.timeDeltas;
  cpu.samples.forEach((id, i) => {
    const { functionName, url, lineNumber } = byId.get(id).callFrame;
    const key = `${functionName || '(anonymous)'} ${url.split('/').pop()}:${lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (gaps[i] ?? 0) / 1000);
  });
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const top = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 20);
  await cdp.detach();
  return { result, total, top };
}

/** Trace event names whose time the trace summary reports (Chromium's devtools.timeline category). */
const TRACE_NAMES = ['ProxyMain::BeginMainFrame', 'EventDispatch', 'FireAnimationFrame', 'FunctionCall', 'UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'Layerize', 'Commit', 'ResizeObserverController::DeliverObservations', 'MinorGC', 'MajorGC'];

/**
 * Records a Chromium trace of the page while `during` runs (open `file` in DevTools' Performance
 * panel); returns per event name on the renderer's main thread: count, wall ms and CPU ms (tdur).
 */
export async function trace(browser, page, file, during) {
  await browser.startTracing(page, { path: file, categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'disabled-by-default-v8.cpu_profiler', 'cc', 'blink'] });
  const result = await during();
  const { traceEvents } = JSON.parse((await browser.stopTracing()).toString());
  const main = new Set(traceEvents.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const sums = new Map(TRACE_NAMES.map((name) => [name, { count: 0, wall: 0, cpu: 0 }]));
  for (const e of traceEvents) {
    const sum = e.ph === 'X' && main.has(`${e.pid}:${e.tid}`) && sums.get(e.name);
    if (!sum) continue;
    sum.count++;
    sum.wall += (e.dur ?? 0) / 1000;
    sum.cpu += (e.tdur ?? 0) / 1000;
  }
  return { result, sums };
}
