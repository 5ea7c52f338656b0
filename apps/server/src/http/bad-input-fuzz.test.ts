import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { RouteOptions } from 'fastify';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveStatus } from '@stepwise/shared';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { addMemberToProject, createAccessKey, createProject, signUpUser, type TestUser } from '../test/factories.ts';
import { expectOk } from '../test/assertions.ts';
import { bodyArbitrary, valueArbitrary } from '../test/zod-arbitrary.ts';
import { junkString, RawJson } from '../test/junk-values.ts';
import { reportUpload } from '../test/report-mutations.ts';
import type { ExecutionRunner, StartRunInput } from '../executions/execution-runner.ts';

/**
 * Property: no request body gets a 5xx (or no answer), and every refusal is a 4xx in the error
 * envelope with a message. Every route of the app that takes a body,
 * found as the app adds it, gets bodies made from its own zod schema with fields gone wrong (junk
 * values, left out, unknown and prototype keys), sent over HTTP by a member and admin of a real
 * project, with the real ids the services look up (so that fitting bodies reach the database and
 * Git). The report upload gets its fixtures with junk inside. FUZZ_SEED picks other bodies,
 * FUZZ_REQUESTS sends more.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_611);
const TOTAL = Number(process.env.FUZZ_REQUESTS ?? 10_000);
const IN_FLIGHT = 8;
/** FUZZ_ROUTES: a pattern of the routes to fuzz (all by default), to repeat a failure quickly. */
const ONLY = new RegExp(process.env.FUZZ_ROUTES ?? '.');
/**
 * Routes whose fitting bodies cost ten times a plain request or more: git (the workspace's but its
 * state and onboarding, a new project, the CLI's) or a stored report (files written and flushed).
 */
const HEAVY_ROUTES = /\/api\/(workspace\/(?!onboarding|updateLastActiveWorkspace|validate-step-code)|auth\/(CreateProject|create-workspace)|cli\/|runs\/upload-report|ai\/(plain-english|generate-step)|runs\/scenarios\/|guac\/create-RDP|recorder\/save)/;
const FEATURE = 'Feature: Shop\n  Scenario: Buy\n    Given a step\n';

/** Starts nothing: a run would launch browsers; what comes before it (validation, licence, environment, groups) is real. */
class NoRunner implements ExecutionRunner {
  async start(input: StartRunInput): Promise<LiveStatus> {
    const now = new Date().toISOString();
    return {
      executionInstanceId: randomUUID(), executionId: input.execution._id, reportLink: '', status: 'queued', verboseStatus: 'Queued',
      startTime: now, scenariosPassed: 0, scenariosFailed: 0, totalScenarios: 0, timestamp: now, statusHistory: [],
    };
  }
  async halt() {
    return false;
  }
  live() {
    return [];
  }
  async logs() {
    return null;
  }
  async shutdown() {}
}

interface Sent {
  method: string;
  url: string;
  body: unknown;
}
interface Failure extends Sent {
  status: number | string;
  answer: string;
}

let server: TestServer;
const routes: RouteOptions[] = [];
const serverErrors: string[] = [];
let user: TestUser;
let member: TestUser;
let stranger: TestUser;
const ids = { project: '', strangersProject: '', decoys: [] as string[], execution: '', run: '', testCase: '', comment: '', invitation: '', accessKey: '', uploadToken: '' };

beforeAll(async () => {
  server = await startTestServer({ LOG_LEVEL: 'error' }, {}, {
    onRoute: (route) => routes.push(route),
    logTo: { write: (line) => void serverErrors.push(line) },
  });
  server.ctx.executions.useRunner(new NoRunner());
  [user, member, stranger] = await Promise.all([signUpUser(server.baseUrl), signUpUser(server.baseUrl), signUpUser(server.baseUrl)]);
  ids.project = await createProject(user, { name: 'Fuzzed' });
  ids.strangersProject = await createProject(stranger, { name: 'Theirs' });
  ids.decoys = [await createProject(user, { name: 'Decoy 1' }), await createProject(user, { name: 'Decoy 2' })];
  await addMemberToProject(user, member, ids.project);
  await server.ctx.db.updateTable('projects').set({ max_execution_threads: 4 }).where('id', '=', ids.project).execute();
  // A few projects more may be made (each is a new repository); then the limit answers.
  await server.ctx.db.updateTable('users').set({ allowed_projects_count: 6 }).where('id', '=', user.userId).execute();
  const projectId = ids.project;
  const setup = [
    await user.api.post('workspace/push-file', { projectId, branch: 'main', directory: 'features', file: { name: 'shop.feature', content: FEATURE } }),
    await user.api.post('workspace/push-env', { projectId, name: 'staging', data: { baseUrl: 'https://staging.example' } }),
    await user.api.post('workspace/create-new-branch', { projectId, sourceBranch: 'main', newBranch: 'dev' }),
    await user.api.post('mail/add-user', { project_id: projectId, username: 'ada', password: 'pw' }),
  ];
  for (const res of setup) expectOk(res);
  const group = { name: 'Group', threadCount: 1, scenarios: [{ featureIndex: 0, scenarioIndex: 0 }], tags: [] };
  const created = await user.api.post('executions/new', { projectId, execution: { name: 'Nightly', env: 'staging', flows: [{ scenarioGroups: [group] }] } });
  expectOk(created);
  ids.execution = created.body.execution._id;
  const report = await fetch(`${server.baseUrl}/api/runs/upload-report?projectId=${projectId}&format=junit`, {
    method: 'POST', headers: { authorization: `Bearer ${user.token}` }, body: '<testsuite name="S"><testcase name="t" classname="S" time="1"/></testsuite>',
  });
  ids.run = ((await report.json()) as { runId: string }).runId;
  ids.testCase = (await server.ctx.db.selectFrom('test_cases').select('id').where('run_id', '=', ids.run).executeTakeFirstOrThrow()).id;
  const comment = await user.api.post('runs/comments/add', { testCaseId: ids.testCase, runId: ids.run, content: 'first' });
  ids.comment = comment.body.comment?._id ?? comment.body.comment?.id ?? 'no-comment';
  ids.invitation = (await user.api.post('auth/create-invitation', { project_id: projectId, sent_to_email_list: ['guest@example.org'] })).body.invitation_ids[0];
  ids.accessKey = (await createAccessKey(user, projectId)).id;
  const upload = await user.api.post('runs/generate-file-upload-url', { projectId, fileName: 'trace.zip' });
  ids.uploadToken = String(upload.body.url).split('/').pop()!;
}, 120_000);
afterAll(() => server?.close());

const pick = <T>(...values: T[]) => fc.constantFrom(...values);
const mostly = <T>(value: T, ...others: T[]) => fc.oneof({ weight: 6, arbitrary: fc.constant(value) }, { weight: 1, arbitrary: fc.constantFrom(...others) });

/** Real values for fields of these names on this route, so that fitting bodies reach real rows. */
function knownFor(method: string, url: string) {
  const deleting = method === 'DELETE' || /Delete|remove/.test(url);
  return (key: string): fc.Arbitrary<unknown> | undefined => {
    switch (key) {
      case 'projectId':
      case 'project_id':
        // Deleting a project: the decoys, never the project the other requests work in.
        if (url.endsWith('/DeleteProject')) return pick(...ids.decoys, ids.strangersProject, 'no-such-project');
        return mostly(ids.project, ids.strangersProject, ...ids.decoys);
      case 'userId':
        return mostly(user.userId, member.userId, 'no-such-user');
      case 'user_id_to_remove':
        return pick(member.userId, stranger.userId, 'no-such-user');
      case 'user_email_to_remove':
        return pick(member.email, 'guest@example.org');
      case 'branch':
      case 'sourceBranch':
        // Deleting a branch: never main.
        return deleting ? pick('dev', 'no-such-branch') : mostly('main', 'dev', 'no-such-branch');
      case 'id':
        if (url.includes('AccessKey')) return pick(ids.accessKey, 'no-such-key');
        return pick(ids.invitation, 'no-such-invitation');
      case 'runId':
        return mostly(ids.run, 'no-such-run');
      case 'testCaseId':
        return mostly(ids.testCase, 'no-such-case');
      case 'username':
      case 'prev_username':
        return mostly('ada', 'bob');
      case 'email':
        return pick('nobody@example.org', user.email.toUpperCase());
      // A remote that is never reached: a private address, refused before git runs (no network in a test).
      case 'url':
        return url.includes('PrivateRepo') ? pick('http://127.0.0.1:9/team/repo.git', 'https://10.0.0.1/x.git') : pick('https://shop.example.com');
      case 'env':
      case 'environment':
        return mostly('staging', 'prod');
      case 'name':
        return url.includes('-env') ? mostly('staging', 'prod') : undefined;
      case 'directory':
        return pick('features', 'steps', 'environments', 'data');
      case 'parentPath':
        return pick('', 'checkout');
      case 'featureName':
        return pick('shop', 'shop.feature');
      case 'scenarioName':
        return pick('Buy');
      default:
        return undefined;
    }
  };
}

/** A path parameter's value: a real id of the route's kind, else junk (escaped as a path segment allows). */
function paramArbitrary(url: string, name: string): fc.Arbitrary<string> {
  const real: Record<string, string[]> = {
    id: url.includes('/comments/') ? [ids.comment] : [ids.execution],
    email: [user.email, 'guest@example.org'],
    instanceId: [randomUUID()],
    '*': [ids.uploadToken],
  };
  return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...(real[name] ?? ['x'])) }, { weight: 1, arbitrary: junkString }).map((v) => {
    try {
      return encodeURIComponent(v).slice(0, 4000) || 'x';
    } catch {
      return 'x';
    }
  });
}

function queryString(values: unknown): string {
  if (!values || typeof values !== 'object') return '';
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) if (v !== undefined) q.append(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
  return q.size ? `?${q}` : '';
}

/** The requests for one route: its url with parameters and query filled, and bodies from its schemas. */
function requestsFor(route: RouteOptions, count: number, seed: number): Array<Sent & { init: RequestInit }> {
  const method = [route.method].flat()[0] as string;
  const schema = (route.schema ?? {}) as { body?: z.ZodType; querystring?: z.ZodType };
  const known = knownFor(method, route.url);
  const params = [...route.url.matchAll(/:(\w+)|\*/g)].map((m) => m[1] ?? '*');
  const paramValues = fc.tuple(...params.map((p) => paramArbitrary(route.url, p)));
  const query = schema.querystring ? valueArbitrary(schema.querystring, '', { known, mutation: 12 }) : fc.constant(undefined);
  const withUrl = (values: string[], q: unknown) => {
    let i = 0;
    return route.url.replace(/:(\w+)|\*/g, () => values[i++]) + queryString(q);
  };
  const auth = { authorization: `Bearer ${user.token}` };
  if (route.url === '/api/runs/upload-report') {
    return fc.sample(fc.tuple(reportUpload, query), { seed, numRuns: count }).map(([report, q]) => {
      const url = `${route.url}${queryString({ ...(q as object), projectId: ids.project, format: report.format })}`;
      return { method, url, body: typeof report.body === 'string' ? report.body.slice(0, 300) : '(bytes)', init: { method, headers: auth, body: report.body } };
    });
  }
  if (!schema.body) {
    // A raw body (the signed upload): random bytes.
    return fc.sample(fc.tuple(paramValues, fc.uint8Array({ maxLength: 4096 })), { seed, numRuns: count }).map(([values, bytes]) => {
      const url = withUrl(values, undefined);
      return { method, url, body: `(${bytes.length} bytes)`, init: { method, headers: { 'content-type': 'application/octet-stream' }, body: bytes } };
    });
  }
  const body = bodyArbitrary(schema.body, { known });
  return fc.sample(fc.tuple(paramValues, query, body), { seed, numRuns: count }).map(([values, q, b]) => {
    const url = withUrl(values, q);
    const text = b === undefined ? undefined : b instanceof RawJson ? b.text : JSON.stringify(b);
    return { method, url, body: b instanceof RawJson ? `${b.text.slice(0, 40)}... (${b.text.length} characters)` : b, init: { method, headers: { ...auth, ...(text === undefined ? {} : { 'content-type': 'application/json' }) }, body: text } };
  });
}

/** Answers by status, for the summary line. */
const statuses = new Map<number, number>();

/** The seed of a route's bodies: FUZZ_SEED and the route. */
function routeSeed(route: RouteOptions): number {
  let h = SEED | 0;
  for (const c of `${[route.method].flat()[0]} ${route.url}`) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return h >>> 0;
}

function hasMessage(answer: string): boolean {
  try {
    const body = JSON.parse(answer) as { status?: unknown; error?: unknown };
    return body.status === 'error' && typeof body.error === 'string' && body.error.trim().length > 0;
  } catch {
    return false;
  }
}

async function send(r: Sent & { init: RequestInit }): Promise<Failure | null> {
  try {
    const res = await fetch(`${server.baseUrl}${r.url}`, { ...r.init, signal: AbortSignal.timeout(20_000) });
    const answer = await res.text();
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    if (res.status >= 500) return { method: r.method, url: r.url, body: r.body, status: res.status, answer };
    // A refusal says why, in the error envelope (431 comes from Node's HTTP parser, before the app).
    if (res.status >= 400 && res.status !== 431 && !hasMessage(answer)) return { method: r.method, url: r.url, body: r.body, status: `${res.status} without a message`, answer };
    return null;
  } catch (err) {
    return { method: r.method, url: r.url, body: r.body, status: (err as Error).name, answer: (err as Error).message };
  }
}

const describeBody = (body: unknown) => {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return text && text.length > 600 ? `${text.slice(0, 600)}... (${text.length} characters)` : text;
};

describe('every route that takes a body', () => {
  it(`answers every generated body, never with a 5xx, refusals with a message (seed ${SEED}, ${TOTAL} requests)`, async () => {
    const bodyRoutes = routes.filter((r) => {
      const method = [r.method].flat()[0];
      const schema = r.schema as { body?: unknown } | undefined;
      return method !== 'GET' && method !== 'HEAD' && (schema?.body || r.url === '/api/runs/upload-report' || r.url === '/api/runs/upload/*');
    });
    expect(bodyRoutes.length).toBeGreaterThan(60);
    // The heavy routes get 15% of the requests between them, the others the rest (a process spawned
    // from the server's process alone costs more than a plain request): FUZZ_ROUTES to try one harder.
    const heavy = bodyRoutes.filter((r) => HEAVY_ROUTES.test(r.url)).length;
    const perHeavy = Math.ceil((TOTAL * 0.15) / heavy);
    const perLight = Math.ceil((TOTAL - perHeavy * heavy) / (bodyRoutes.length - heavy));
    // Each route's bodies depend on the seed and the route only: FUZZ_ROUTES repeats them alone.
    const fuzzed = bodyRoutes.filter((r) => ONLY.test(r.url));
    console.log(`fuzzing ${fuzzed.length} routes with seed ${SEED} (FUZZ_SEED=${SEED} to repeat)`);
    const queue = fuzzed.flatMap((route) => requestsFor(route, HEAVY_ROUTES.test(route.url) ? perHeavy : perLight, routeSeed(route)));
    // Routes interleaved (in an order fixed by the seed), as clients would send them.
    const order = fc.sample(fc.shuffledSubarray(queue.map((_, i) => i), { minLength: queue.length }), { seed: SEED, numRuns: 1 })[0];
    const failures: Failure[] = [];
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (next < order.length) {
          const failure = await send(queue[order[next++]]);
          if (failure) failures.push(failure);
        }
      }),
    );
    const summary = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}: ${n}`).join(', ');
    console.log(`${queue.length} requests in ${Math.round(performance.now() - started)} ms (${summary})`);
    if (fuzzed.length === bodyRoutes.length) expect(queue.length).toBeGreaterThanOrEqual(TOTAL);
    const report = failures.slice(0, 10).map((f) => `${f.method} ${f.url} -> ${f.status} ${f.answer.slice(0, 300)}\n  body: ${describeBody(f.body)}`);
    const logged = serverErrors.filter((l) => l.includes('"err"')).slice(0, 5).map((l) => l.slice(0, 1500));
    expect(failures.length, `seed ${SEED}: ${failures.length} answers were 5xx, none, or a 4xx without a message:\n${report.join('\n')}\nserver errors:\n${logged.join('\n')}`).toBe(0);
    expectOk(await user.api.get('auth/getProjects'));
  }, Math.max(240_000, TOTAL * 25));
});
