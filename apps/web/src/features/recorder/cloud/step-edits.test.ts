import type { RecordedStep } from '@stepwise/shared';
import { describe, expect, it } from 'vitest';
import { actionSummary, applyEdits, deleteStep, editText } from './step-edits';

const step = (id: string, text: string): RecordedStep => ({ id, keyword: 'When', text, action: { name: 'click', locator: `getByText('${text}')` } });

describe('local edits of the recorded steps', () => {
  const a = step('a', 'I click "Shop"');
  const b = step('b', 'I click "Cart"');

  it('keeps edited texts and deletions by id while the list keeps arriving whole', () => {
    let edits = editText({}, a, a.text, 'I open the shop');
    edits = deleteStep(edits, 'b');
    const c = step('c', 'I click "Pay"');
    expect(applyEdits([a, b, c], edits).map((s) => s.text)).toEqual(['I open the shop', 'I click "Pay"']);
    // The next list from the session, with one more step, still shows the edits.
    const d = step('d', 'I click "Done"');
    expect(applyEdits([a, b, c, d], edits).map((s) => s.id)).toEqual(['a', 'c', 'd']);
  });

  it('drops an edit back to the recorded text, or to nothing', () => {
    const edited = editText({}, a, a.text, '  I open the shop ');
    expect(edited).toEqual({ a: { text: 'I open the shop' } });
    expect(editText(edited, a, a.text, a.text)).toEqual({});
    expect(editText(edited, a, a.text, '   ')).toEqual({});
  });

  it('describes each action in a line', () => {
    expect(actionSummary(a)).toBe(`click · getByText('I click "Shop"')`);
    expect(actionSummary({ ...a, action: { name: 'navigate', url: '/cart' } })).toBe('navigate · /cart');
    expect(actionSummary({ ...a, action: { name: 'press', key: 'Enter' } })).toBe('press Enter');
    expect(actionSummary({ ...a, action: { name: 'assertText', text: 'Thank you' } })).toBe('assert text · Thank you');
  });
});
