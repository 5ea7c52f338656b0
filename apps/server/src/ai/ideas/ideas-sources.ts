import { serverKey, type AppContext } from '../../context.ts';
import type { Environment } from '../../environments/environment-files.ts';
import { listMemoryEdges, listMemoryPages } from '../../runs/memory.repository.ts';
import { loadStepWorkspace } from '../../steps/step-workspace.ts';
import type { ProjectRepo } from '../../workspace/project-repo.ts';
import type { IdeaTransition, PageSnapshot } from '../ai-types.ts';
import { TrialSession } from '../trial-session.ts';
import { hostResolves } from '../environment-host.ts';

/** Pages of the memory read for ideas: the most visited first. */
const MEMORY_PAGES = 40;
/** A trial's exploration of an environment is kept this long, so that asking again (another description) is quick. */
const EXPLORED_TTL_MS = 10 * 60_000;
/** An application that did not open is tried again after this long. */
const UNREACHABLE_TTL_MS = 60_000;

/** What the product knows of the application, for ideas. */
export interface Knowledge {
  pages: PageSnapshot[];
  transitions: IdeaTransition[];
  /** Where the pages came from: the runs' memory, or a trial session that opened the environment now. */
  source: 'memory' | 'trial';
}

/** The application memory of the project: its pages (with an aria snapshot) and the steps seen to lead between them. */
export async function memoryKnowledge(ctx: AppContext, projectId: string): Promise<Knowledge | null> {
  const rows = (await listMemoryPages(ctx.db, projectId, MEMORY_PAGES)).filter((r) => r.aria_snapshot);
  if (rows.length === 0) return null;
  const edges = await listMemoryEdges(ctx.db, projectId, 1);
  return {
    pages: rows.map((r) => ({ url: r.url, title: r.title, aria: r.aria_snapshot! })),
    transitions: edges.map((e) => ({ from: e.source_route, to: e.target_route, step: e.step_text })),
    source: 'memory',
  };
}

const explored = new WeakMap<object, Map<string, { at: number; pages: Promise<PageSnapshot[]> }>>();

/**
 * The environment's home page and the pages it links to, as a trial session sees them (in the run
 * sandbox, never more than one exploration of an environment at a time). Kept a few minutes; an
 * application that did not open (none when its host name is not known) for a minute.
 */
export async function trialKnowledge(ctx: AppContext, projectId: string, commit: string, env: Environment): Promise<Knowledge> {
  let byKey = explored.get(serverKey(ctx));
  if (!byKey) explored.set(serverKey(ctx), (byKey = new Map()));
  const key = `${projectId}\u0000${env.name}\u0000${env.baseUrl}`;
  const hit = byKey.get(key);
  if (hit && Date.now() - hit.at < EXPLORED_TTL_MS) {
    const pages = await hit.pages;
    if (pages.length > 0 || Date.now() - hit.at < UNREACHABLE_TTL_MS) return { pages, transitions: [], source: 'trial' };
  }
  const pages = (async () => {
    if (!(await hostResolves(env.baseUrl))) return [];
    const { session, known } = await TrialSession.open(ctx, { projectId, commit, env: { name: env.name, baseUrl: env.baseUrl }, testData: {} });
    session.close();
    return known;
  })();
  byKey.set(key, { at: Date.now(), pages });
  try {
    return { pages: await pages, transitions: [], source: 'trial' };
  } catch (err) {
    byKey.delete(key);
    throw err;
  }
}

/** The step texts that already have code at `head`: the built-in library's expressions and the project's. */
export async function knownStepPatterns(repo: ProjectRepo, head: string): Promise<string[]> {
  const ws = await loadStepWorkspace(repo, head);
  return ws.matcher.definitions.map((d) => d.pattern);
}
