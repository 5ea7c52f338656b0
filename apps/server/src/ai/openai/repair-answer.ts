import { z } from 'zod';
import type { LocatorRepairRequest, LocatorRepairResult, LocatorReplacement } from '../ai-types.ts';
import { ariaElements, describeElement, findTarget, type LocatorTarget } from '../rca/aria-elements.ts';
import { argsText, parseLocatorChain, replaceChain, replaceLocatorCall, type ChainCall, type LocatorCall } from '../recovery/locator-call.ts';
import { targetOf } from '../recovery/locator-repair.ts';
import { REPAIR_METHODS } from './repair-prompt.ts';

const Scalar = z.union([z.string().max(1000), z.number(), z.boolean()]);

/** A model's repair: the runner's LocatorReplacement without `to` (made here from the chain), and why. */
export const ReplacementAnswer = z.object({
  from: z.string().trim().min(1).max(4000),
  method: z.enum(REPAIR_METHODS),
  args: z.array(z.union([Scalar, z.record(z.string(), Scalar)])).min(1).max(2),
  root: z.boolean().default(false),
  reasoning: z.string().trim().max(4000).default(''),
});

export const RepairRefusal = z.object({ refuse: z.string().trim().min(1).max(2000) });

export const RepairAnswer = z.union([RepairRefusal, ReplacementAnswer]);

const callText = (c: LocatorCall) => `${c.method}(${argsText(c.args)})`;

/** What a call looks for on the snapshot: targetOf's, or a role alone (`getByRole('searchbox')`). */
function snapshotTarget(call: ChainCall): LocatorTarget | null {
  const target = targetOf(call);
  if (target) return target;
  const [role, options] = call.args;
  const named = options && typeof options === 'object' && 'name' in options;
  return call.method === 'getByRole' && typeof role === 'string' && !named
    ? { description: call.prefix, roles: [role], name: null, exact: false, matchText: false }
    : null;
}

/**
 * The repair a model's answer (its message content) gives, or throws why it cannot be used: content
 * that is not JSON or not one of the two answers; `from` not a call of the failing chain; a new call
 * that is not a locator call with literal arguments, is the old one again, or does not find exactly one
 * element of the page's aria snapshot (the check the offline repair makes, findTarget); a step whose
 * code does not write the old call with literal values. A refusal is returned as `ok: false`.
 */
export function repairFromAnswer(content: string, req: LocatorRepairRequest, chain: readonly ChainCall[]): LocatorRepairResult {
  const answer = RepairAnswer.parse(JSON.parse(content));
  if ('refuse' in answer) return { ok: false, reason: answer.refuse };
  const i = callIndex(chain, answer.from);
  if (i < 0) throw new Error(`"${answer.from}" is not a call of the failing locator`);
  const old = chain[i];
  const text = callText(answer);
  // The same locator type the runner substitutes: one call with literal arguments, read back as written.
  const parsed = parseLocatorChain(text);
  if (parsed?.length !== 1 || callText(parsed[0]) !== text) throw new Error(`${text} is not a locator call with literal arguments`);
  const call = parsed[0];
  if (answer.root && (chain.length !== 2 || i !== 1)) throw new Error('root is for the last call of a chain of two');
  if (!answer.root && text === callText(old)) throw new Error(`${text} is the failing call again`);
  const target = snapshotTarget(call);
  if (!target) throw new Error(`${text} names nothing the aria snapshot shows`);
  const found = findTarget(ariaElements(req.page.aria), target);
  if (found.length !== 1) {
    const listed = found.slice(0, 5).map(describeElement).join(', ');
    throw new Error(`${text} finds ${found.length} elements of the page's snapshot${listed ? `: ${listed}` : ''}`);
  }
  const code = answer.root ? rootCode(req.code, chain, call) : replaceLocatorCall(req.code, old, call);
  if (!code) throw new Error(`The step's code does not write ${callText(old)} with literal values`);
  const before = i > 0 && !answer.root ? `${chain[i - 1].prefix}.` : '';
  const to = `${before}${text}`;
  const replacement: LocatorReplacement = { from: old.prefix, method: call.method, args: call.args, to, ...(answer.root ? { root: true } : {}) };
  const why = answer.reasoning.replace(/[.\s]+$/, '') || `${describeElement(found[0])} took the place of ${old.prefix}`;
  return { ok: true, code, reasoning: `${why}: ${to}.`, replacement };
}

/**
 * Which call of the chain `from` names: the chain up to it (as listed in the prompt, quotes and spaces
 * as the model likes), else the call alone when only one call of the chain is written so; -1 for none.
 */
function callIndex(chain: readonly ChainCall[], from: string): number {
  const calls = parseLocatorChain(from.replace(/^(this\.)?page\./, ''));
  if (!calls) return -1;
  const written = calls.map(callText).join('.');
  const upTo = chain.findIndex((_, i) => chain.slice(0, i + 1).map(callText).join('.') === written);
  if (upTo >= 0 || calls.length !== 1) return upTo;
  const alone = chain.flatMap((c, i) => (callText(c) === written ? [i] : []));
  return alone.length === 1 ? alone[0] : -1;
}

/** The code with `container.last` written as the new call alone (the element left its container). */
function rootCode(code: string, chain: readonly ChainCall[], call: LocatorCall): string | null {
  const [container, last] = chain;
  const dropped = replaceChain(code, container, last);
  if (!dropped || callText(last) === callText(call)) return dropped;
  return replaceLocatorCall(dropped, last, call);
}
