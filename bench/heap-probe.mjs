// Loaded into the server's process by bench:export (node --expose-gc --import bench/heap-probe.mjs):
// on SIGUSR2 the heap is collected and the process's memory written to stderr as one line
// `heap-probe {"rss":..,"heapUsed":..,...}` (MB), so that live memory is told apart from garbage.
process.on('SIGUSR2', () => {
  globalThis.gc?.();
  globalThis.gc?.();
  const m = process.memoryUsage();
  const mb = (n) => Math.round(n / 1048576);
  process.stderr.write(`heap-probe ${JSON.stringify({ rss: mb(m.rss), heapUsed: mb(m.heapUsed), heapTotal: mb(m.heapTotal), external: mb(m.external) })}\n`);
});
