import { describe, expect, it } from 'vitest';
import { stepsWithoutCode } from './generate-step-state';

describe('stepsWithoutCode', () => {
  const steps = [
    { keyword: 'Given ', text: 'I am on the home page' },
    { keyword: 'When ', text: 'I search for "mug"' },
    { keyword: 'And ', text: 'I open the "Ceramic Coffee Mug" product' },
    { keyword: 'And ', text: 'I search for "mug"' },
    { keyword: 'Then ', text: 'I should see "Mug"' },
  ];

  it('is unknown while the step index loads', () => {
    expect(stepsWithoutCode(steps, undefined)).toBeNull();
  });

  it('lists the steps without code in scenario order, each text once (its first occurrence gets the code)', () => {
    const index = new Map([
      ['I am on the home page', { implemented: true }],
      ['I should see "Mug"', { implemented: true }],
      ['I open the "Ceramic Coffee Mug" product', { implemented: false }],
    ]);
    expect(stepsWithoutCode(steps, index)).toEqual([steps[1], steps[2]]);
    expect(stepsWithoutCode(steps.slice(0, 1), index)).toEqual([]);
  });
});
