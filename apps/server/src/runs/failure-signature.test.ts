import { describe, expect, it } from 'vitest';
import { failureParts, failureSignature, signatureOf, signatureText } from './failure-signature.ts';

/** One normalisation for both signatures: the history's failure groups and root-cause analysis' same cause. */

const inRun = (n: number) =>
  `Timeout ${5000 + n}ms exceeded waiting for /tmp/run-${n}/shop/cart.mjs\nCall log:\n  - waiting for getByRole('button', { name: 'Pay' })\n    at clickPay (/tmp/run-${n}/steps/cart.mjs:${10 + n}:5)\n    at World.<anonymous> (/tmp/run-${n}/steps/cart.mjs:40:3)`;

describe('failure signatures', () => {
  it('masks numbers, ids and folders of paths in the message and the top frame, keeps the step', () => {
    expect(failureParts(inRun(1), '  When I   pay "now" ')).toEqual({
      message: "Timeout <n>ms exceeded waiting for <path>/cart.mjs waiting for getByRole('button', { name: 'Pay' })",
      step: 'When I pay "now"',
      frame: 'clickPay (<path>/cart.mjs:<n>:<n>)',
    });
    expect(failureParts(null, null)).toEqual({ message: '(no message)', step: null, frame: null });
  });

  it('gives the same signatures to the same failure in two runs, and different ones to another step or frame', () => {
    expect(signatureOf(failureParts(inRun(1), 'When I pay'))).toBe(signatureOf(failureParts(inRun(2), 'When I pay')));
    expect(failureSignature('timeout', 'When I pay', inRun(1))).toBe(failureSignature('timeout', 'When I pay', inRun(2)));
    expect(signatureOf(failureParts(inRun(1), 'When I pay'))).not.toBe(signatureOf(failureParts(inRun(1), 'When I checkout')));
    const otherFrame = inRun(1).replace('clickPay', 'openCart');
    expect(signatureOf(failureParts(otherFrame, 'When I pay'))).not.toBe(signatureOf(failureParts(inRun(1), 'When I pay')));
    // Root-cause analysis groups by cause: the frame plays no part, the category does.
    expect(failureSignature('timeout', 'When I pay', otherFrame)).toBe(failureSignature('timeout', 'When I pay', inRun(1)));
    expect(failureSignature('locator_changed', 'When I pay', inRun(1))).not.toBe(failureSignature('timeout', 'When I pay', inRun(1)));
  });

  it("root-cause analysis' text is its category over the history's step and message", () => {
    const parts = failureParts(inRun(3), 'When I pay');
    expect(signatureText('timeout', 'When I pay', inRun(3))).toBe(['timeout', parts.step, parts.message].join('\n'));
  });
});
