import {
  flowPlaceholders, ideaError, ideaParametersJson, ideaSteps, parseIdeaParameters, ScenarioCreationBody, ScenarioIdeaDto, uniqueIdeaNames,
} from '@stepwise/shared';
import { z } from 'zod';
import type { ScenarioIdea } from '../ai-types.ts';
import { flowText } from '../ideas/phrases.ts';

/** Scenario creation refuses a flow of more steps than this (scenario-ideas.ts): such an idea could not be saved. */
const MAX_FLOW_STEPS = 50;

/** The answer's envelope: each idea is checked on its own, so one bad idea does not take the others with it. */
const IdeasEnvelope = z.object({ ideas: z.array(z.unknown()).max(50) });

/** An idea as scenario creation takes it (the shared schema), parameters given as an object or its JSON string. */
const IdeaAnswer = ScenarioCreationBody.pick({ name: true, flow: true }).extend({
  parameters: z.union([
    ScenarioCreationBody.shape.parameters,
    z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).transform((o) => JSON.stringify(o)),
  ]).default('{}'),
});

export interface CheckedIdeas {
  ideas: ScenarioIdea[];
  /** Why each dropped idea was dropped (its name, or its place in the answer, first). */
  dropped: string[];
}

/**
 * The ideas of a model's answer (its message content) that hold to the rules the wizard and scenario
 * creation apply (shared: the name's characters and length, parameter names, every `<placeholder>` a
 * parameter), with at least one step and no more than creation takes, each flow once, names unique
 * ignoring case, at most `limit`. Throws when the content is not the JSON asked for.
 */
export function ideasFromAnswer(content: string, limit: number): CheckedIdeas {
  const { ideas } = IdeasEnvelope.parse(JSON.parse(content));
  const kept: ScenarioIdea[] = [];
  const dropped: string[] = [];
  const flows = new Set<string>();
  for (const [i, raw] of ideas.entries()) {
    const checked = checkIdea(raw);
    if ('error' in checked) {
      dropped.push(`${checked.name ?? `idea ${i + 1}`}: ${checked.error}`);
    } else if (flows.has(checked.flow)) {
      dropped.push(`${checked.name}: the same steps as an idea before it`);
    } else {
      flows.add(checked.flow);
      kept.push(checked);
    }
  }
  const chosen = kept.slice(0, Math.max(0, limit));
  const names = uniqueIdeaNames(chosen.map((c) => c.name), []);
  return { ideas: chosen.map((c, i) => ScenarioIdeaDto.parse({ ...c, name: names[i] })), dropped };
}

function checkIdea(raw: unknown): ScenarioIdea | { name: string | null; error: string } {
  const parsed = IdeaAnswer.safeParse(raw);
  const name = typeof (raw as { name?: unknown })?.name === 'string' ? (raw as { name: string }).name.trim() : null;
  if (!parsed.success) return { name, error: parsed.error.issues.map((x) => `${x.path.join('.') || 'idea'} ${x.message}`).join('; ') };
  const parameters = parseIdeaParameters(parsed.data.parameters);
  if (!parameters) return { name, error: 'parameters are not an object of names and values' };
  const steps = ideaSteps(parsed.data.flow);
  if (steps.length === 0) return { name, error: 'the flow has no steps' };
  if (steps.length > MAX_FLOW_STEPS) return { name, error: `the flow has more than ${MAX_FLOW_STEPS} steps` };
  const flow = flowText(steps);
  // Parameters the flow does not use would only add columns to the Examples.
  const used = new Set(flowPlaceholders(flow));
  const idea = { name: parsed.data.name.trim(), flow, parameters: parameters.filter((p) => used.has(p.key.trim())) };
  const error = ideaError(idea);
  if (error) return { name, error };
  return { name: idea.name, flow, parameters: ideaParametersJson(idea.parameters) };
}
