import fs from 'node:fs'; import os from 'node:os'; import path from 'node:path'; import { randomUUID } from 'node:crypto';
import { Kysely, sql } from 'kysely';
import { PGlite } from '@electric-sql/pglite';
const { pgliteDialect } = await import('/work/main/apps/server/src/db/pglite-dialect.ts');
const { migrateToLatest } = await import('/work/main/apps/server/src/db/database.ts');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dbins-'));
const client = await PGlite.create(dir);
const db = new Kysely({ dialect: pgliteDialect(client) });
await migrateToLatest(db);
await client.exec('set session_replication_role = replica'); if (process.env.NOIDX) await client.exec('drop index test_cases_run_idx; drop index test_cases_past_idx; drop index test_cases_project_publish_idx;');
const proj = randomUUID();
function data(N) {
  const rows = [];
  for (let i = 0; i < N; i++) rows.push([randomUUID(), i, 'tcs-' + i, 'Scenario number ' + i + ' does a thing', 'Feature ' + (i % 200), 'features/area/f' + (i % 200) + '.feature', 10 + i % 50, '["@smoke","@x"]', i % 11 ? 'PASSED' : 'FAILED', new Date(1e12 + i * 1000).toISOString(), new Date(1e12 + i * 1000 + 500).toISOString(), 500, i % 11 ? null : 'Expected x to be y', '{}', 'features/area/f' + (i % 200) + '.feature\u001fScenario number ' + i, '{' + Array.from({ length: 40 }, (_, k) => i * 1000 + k).join(',') + '}']);
  return rows;
}
const esc = (v) => v === null ? '\\N' : String(v).replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');
for (let r = 0; r < 4; r++) {
  const run = randomUUID();
  const rows = data(10000);
  const t = performance.now();
  const text = rows.map((row) => [row[0], run, proj, ...row.slice(1, 15), 0, 'f', new Date().toISOString()].map(esc).join('\t')).join('\n') + '\n';
  const t1 = performance.now();
  await client.transaction(async (tx) => {
    await tx.query(`insert into runs (id, project_id, name, type, mode, status, total_scenarios, scenarios_passed, scenarios_failed, execution_time_ms) values ($1, $2, 'r', 'local', 'local', 'Passed', 0,0,0,0)`, [run, proj]);
    await tx.query(`copy test_cases (id, run_id, project_id, position, report_case_id, scenario_name, feature_name, feature_path, line, tags, status, start_time, end_time, duration_ms, error_message, parameters, scenario_key, attempt, superseded, publish_time) from '/dev/blob'`, [], { blob: new Blob([text]) });
  });
  console.log('copy: text', (t1 - t).toFixed(0), 'copy', (performance.now() - t1).toFixed(0), 'ms');
}
await db.destroy();
