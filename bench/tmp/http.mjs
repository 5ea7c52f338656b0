import fs from 'node:fs';
import Fastify from 'fastify';
const app = Fastify();
app.addContentTypeParser('*', (req, payload, done) => done(null, payload));
app.post('/up', async (req) => { let n = 0; for await (const c of req.body) n += c.length; return { n }; });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${app.server.address().port}`;
const size = fs.statSync('/tmp/ing.ndjson').size;
for (let r = 0; r < 4; r++) {
  const c0 = process.cpuUsage(); const t = performance.now();
  const res = await fetch(`${base}/up`, { method: 'POST', headers: { 'content-type': 'application/x-ndjson', 'content-length': String(size) }, body: fs.createReadStream('/tmp/ing.ndjson', { highWaterMark: 1 << 20 }), duplex: 'half' });
  await res.json();
  const cu = process.cpuUsage(c0);
  console.log('http', (performance.now() - t).toFixed(0), 'ms wall, cpu', ((cu.user + cu.system) / 1000).toFixed(0));
}
await app.close();
