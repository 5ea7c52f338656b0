import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { chromiumPathOf } from './options.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stepwise-browsers-'));
const shell = path.join(dir, 'chromium-headless-shell');
fs.writeFileSync(shell, '');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the Chromium a run starts', () => {
  it('is the headless shell for a headless run when it exists', () => {
    expect(chromiumPathOf({ chromiumPath: '/opt/chrome', chromiumHeadlessPath: shell })).toBe(shell);
    expect(chromiumPathOf({ chromiumPath: '/opt/chrome', chromiumHeadlessPath: shell, headless: true })).toBe(shell);
  });

  it('is the full browser for a headed run, when the shell is switched off or not installed', () => {
    expect(chromiumPathOf({ chromiumPath: '/opt/chrome', chromiumHeadlessPath: shell, headless: false })).toBe('/opt/chrome');
    expect(chromiumPathOf({ chromiumPath: '/opt/chrome', chromiumHeadlessPath: 'off' })).toBe('/opt/chrome');
    expect(chromiumPathOf({ chromiumPath: '/opt/chrome', chromiumHeadlessPath: path.join(dir, 'missing') })).toBe('/opt/chrome');
  });
});
