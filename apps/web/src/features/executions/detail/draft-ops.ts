import { DEFAULT_BROWSER, DEFAULT_VIEWPORT, type ExecutionInput, type Flow, type ScenarioGroup } from '@stepwise/shared';
import { withEnvironment } from '../logic/commands';

/** Pure edits of the execution on the detail page; each returns a new execution. */

const setFlows = (e: ExecutionInput, flows: Flow[]): ExecutionInput => ({ ...e, flows });
const mapFlow = (e: ExecutionInput, index: number, change: (f: Flow) => Flow): ExecutionInput =>
  setFlows(e, e.flows.map((f, i) => (i === index ? change(f) : f)));

/** New environment: every scenario's command is rewritten for it. */
export function changeEnvironment(e: ExecutionInput, env: string): ExecutionInput {
  return {
    ...e,
    env,
    flows: e.flows.map((f) => ({
      ...f,
      scenarioGroups: f.scenarioGroups.map((g) => ({ ...g, scenarios: g.scenarios.map((s) => ({ ...s, command: withEnvironment(s.command, env) })) })),
    })),
  };
}

export function addFlow(e: ExecutionInput): ExecutionInput {
  return setFlows(e, [...e.flows, { viewport: DEFAULT_VIEWPORT, browser: DEFAULT_BROWSER, scenarioGroups: [] }]);
}

export function deleteFlow(e: ExecutionInput, index: number): ExecutionInput {
  return setFlows(e, e.flows.filter((_, i) => i !== index));
}

/** A copy of the flow right after it. */
export function duplicateFlow(e: ExecutionInput, index: number): ExecutionInput {
  const copy = structuredClone(e.flows[index]);
  return setFlows(e, [...e.flows.slice(0, index + 1), copy, ...e.flows.slice(index + 1)]);
}

/** "Scenario Group N": one more than the groups the flow has (the first is "Scenario Group 1"). */
export function nextGroupName(flow: Pick<Flow, 'scenarioGroups'>): string {
  const used = new Set(flow.scenarioGroups.map((g) => g.name));
  let n = flow.scenarioGroups.length + 1;
  while (used.has(`Scenario Group ${n}`)) n += 1;
  return `Scenario Group ${n}`;
}

export function addGroup(e: ExecutionInput, flowIndex: number, group: ScenarioGroup): ExecutionInput {
  return mapFlow(e, flowIndex, (f) => ({ ...f, scenarioGroups: [...f.scenarioGroups, group] }));
}

export function deleteGroup(e: ExecutionInput, flowIndex: number, groupIndex: number): ExecutionInput {
  return mapFlow(e, flowIndex, (f) => ({ ...f, scenarioGroups: f.scenarioGroups.filter((_, i) => i !== groupIndex) }));
}

/** Drag and drop within a flow: the group at `from` moves to `to`. */
export function moveGroup(e: ExecutionInput, flowIndex: number, from: number, to: number): ExecutionInput {
  return mapFlow(e, flowIndex, (f) => {
    if (from === to || from < 0 || to < 0 || from >= f.scenarioGroups.length || to >= f.scenarioGroups.length) return f;
    const groups = [...f.scenarioGroups];
    const [moved] = groups.splice(from, 1);
    groups.splice(to, 0, moved);
    return { ...f, scenarioGroups: groups };
  });
}

export function setThreads(e: ExecutionInput, flowIndex: number, groupIndex: number, threadCount: number): ExecutionInput {
  return mapFlow(e, flowIndex, (f) => ({ ...f, scenarioGroups: f.scenarioGroups.map((g, i) => (i === groupIndex ? { ...g, threadCount } : g)) }));
}

/** Whether two executions differ in anything the user can save. */
export function isDirty(a: ExecutionInput, b: ExecutionInput): boolean {
  return JSON.stringify(normalise(a)) !== JSON.stringify(normalise(b));
}

const normalise = (e: ExecutionInput) => ({ ...e, schedule: e.schedule ?? null });

export function scheduleChanged(a: ExecutionInput, b: ExecutionInput): boolean {
  return JSON.stringify(a.schedule ?? null) !== JSON.stringify(b.schedule ?? null);
}
