import fs from 'node:fs'; import os from 'node:os'; import path from 'node:path'; import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
const { loadConfig } = await import('/work/main/apps/server/src/config.ts');
const { createContext } = await import('/work/main/apps/server/src/bootstrap.ts');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dbins-'));
const ctx = await createContext(loadConfig({ NODE_ENV: 'production', DATA_DIR: dir, LOG_LEVEL: 'error' }));
const db = ctx.db;
const user = await db.insertInto('users').values({ id: randomUUID(), email: 'a@b.c', password_hash: 'x', firstname: 'a', lastname: 'b' }).returning('id').executeTakeFirst().catch(e=>{console.log(e.message);});
const proj = randomUUID();
await sql`set session_replication_role = replica`.execute(db);
for (let r = 0; r < 4; r++) {
  const run = randomUUID();
  const N = 10000;
  const cols = { id: [], position: [], report_case_id: [], scenario_name: [], feature_name: [], feature_path: [], line: [], tags: [], status: [], start_time: [], end_time: [], duration_ms: [], error_message: [], parameters: [], scenario_key: [], src: [] };
  for (let i = 0; i < N; i++) {
    cols.id.push(randomUUID()); cols.position.push(i); cols.report_case_id.push('tcs-' + i); cols.scenario_name.push('Scenario number ' + i + ' does a thing'); cols.feature_name.push('Feature ' + (i % 200)); cols.feature_path.push('features/area/f' + (i % 200) + '.feature'); cols.line.push(10 + i % 50); cols.tags.push('["@smoke","@x"]'); cols.status.push(i % 11 ? 'PASSED' : 'FAILED'); cols.start_time.push(new Date(1e12 + i * 1000).toISOString()); cols.end_time.push(new Date(1e12 + i * 1000 + 500).toISOString()); cols.duration_ms.push(500); cols.error_message.push(i % 11 ? null : 'Expected x to be y'); cols.parameters.push('{}'); cols.scenario_key.push('features/area/f' + (i % 200) + '.feature\u001fScenario number ' + i); cols.src.push('{' + Array.from({ length: 40 }, (_, k) => i * 1000 + k).join(',') + '}');
  }
  const t = performance.now();
  await db.transaction().execute(async (trx) => {
    await sql`insert into runs (id, project_id, name, type, mode, status, total_scenarios, scenarios_passed, scenarios_failed, execution_time_ms) values (${run}, ${proj}, 'r', 'local', 'local', 'Passed', 0,0,0,0)`.execute(trx);
    await sql`insert into test_cases (id, run_id, project_id, position, report_case_id, scenario_name, feature_name, feature_path, line, tags, status, start_time, end_time, duration_ms, error_message, parameters, scenario_key, attempt, superseded, publish_time)
      select u.id, ${run}, ${proj}, u.position, u.rc, u.sn, u.fn, u.fp, u.line, u.tags::jsonb, u.status, u.st, u.et, u.dur, u.em, u.params::jsonb, u.sk, 0, false, now()
      from unnest(${cols.id}::uuid[], ${cols.position}::int[], ${cols.report_case_id}::text[], ${cols.scenario_name}::text[], ${cols.feature_name}::text[], ${cols.feature_path}::text[], ${cols.line}::int[], ${cols.tags}::text[], ${cols.status}::text[], ${cols.start_time}::timestamptz[], ${cols.end_time}::timestamptz[], ${cols.duration_ms}::int[], ${cols.error_message}::text[], ${cols.parameters}::text[], ${cols.scenario_key}::text[])
      as u(id, position, rc, sn, fn, fp, line, tags, status, st, et, dur, em, params, sk)`.execute(trx);
  });
  console.log('unnest insert', (performance.now() - t).toFixed(0), 'ms');
}
await db.destroy();
