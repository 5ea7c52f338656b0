import { describe, expect, it } from 'vitest';
import { BUILTIN_STEPS_FILE, type StepInfoDto } from '@stepwise/shared';
import { functionNameOf, requestBlockedReason, withQuickInsert } from './ai-request-state';

const step = (patch: Partial<StepInfoDto> = {}): StepInfoDto => ({
  stepName: 'I add "Mug" to the cart', keyword: 'When ', mjsFile: 'cart.mjs', mjsFileContent: 'x', implemented: true, implemented_at: null,
  source: 'ai', pattern: 'I add {string} to the cart', line: 3, ...patch,
});

describe('AI request box', () => {
  it('puts a quick insert alone into an empty box, after the text otherwise, and only once', () => {
    expect(withQuickInsert('', 'retry step if it fails')).toBe('retry step if it fails');
    expect(withQuickInsert('continue if step fails. ', 'retry step if it fails')).toBe('continue if step fails, retry step if it fails');
    expect(withQuickInsert('Retry step if it fails', 'retry step if it fails')).toBe('Retry step if it fails');
  });

  it('is blocked without code, on the built-in library and while edits are unsaved', () => {
    expect(requestBlockedReason(step(), false)).toBeNull();
    expect(requestBlockedReason(step(), true)).toBe('Save or discard your code changes first: the update starts from the saved code.');
    expect(requestBlockedReason(step({ mjsFile: BUILTIN_STEPS_FILE }), false)).toMatch(/^The built-in step library cannot be changed/);
    expect(requestBlockedReason(step({ mjsFile: null, mjsFileContent: null }), false)).toBe('This step has no code to update yet.');
    expect(functionNameOf(step())).toBe('I add {string} to the cart');
    expect(functionNameOf(step({ pattern: null }))).toBe('I add "Mug" to the cart');
  });
});
