import { describe, expect, it } from 'vitest';
import { ciCommand, scenarioCommand, shellQuote, tagExpression, withEnvironment } from './commands';

describe('commands', () => {
  it('quotes values only when needed', () => {
    expect(shellQuote('main')).toBe('main');
    expect(shellQuote('my env')).toBe('"my env"');
    expect(shellQuote('a"$b')).toBe('"a\\"\\$b"');
  });

  it('builds the command of one scenario and rewrites its environment', () => {
    const c = scenarioCommand({ projectId: 'p1', branch: 'main', env: 'staging', featurePath: 'shop/cart.feature', scenarioName: 'Add item', line: 12 });
    expect(c).toBe('npx stepwise run features/shop/cart.feature:12 --project p1 --branch main --env staging --name "Add item" --format bvt');
    expect(scenarioCommand({ projectId: 'p1', branch: 'main', env: 'qa', featurePath: 'my cart.feature', scenarioName: 'A' })).toBe(
      'npx stepwise run "features/my cart.feature" --project p1 --branch main --env qa --name "A" --format bvt',
    );
    expect(withEnvironment(c, 'prod eu')).toBe(c.replace('--env staging', '--env "prod eu"'));
    expect(withEnvironment(withEnvironment(c, 'prod eu'), 'qa')).toBe(c.replace('--env staging', '--env qa'));
    expect(withEnvironment('npx stepwise run', 'qa')).toBe('npx stepwise run --env qa');
  });

  it('builds the CI/CD command with tags, run name and format bvt', () => {
    expect(tagExpression(['smoke', '@auth'])).toBe('@smoke or @auth');
    expect(ciCommand({ projectId: 'p1', branch: 'main', env: 'staging', tags: ['smoke', 'auth'], runName: 'Nightly' })).toBe(
      'npx stepwise run --project p1 --branch main --env staging --tags "@smoke or @auth" --name "Nightly" --format bvt',
    );
    expect(ciCommand({ projectId: 'p1', branch: 'dev', env: '', tags: [], runName: '' })).toBe('npx stepwise run --project p1 --branch dev --name "CI run" --format bvt');
    expect(ciCommand({ projectId: 'p1', branch: 'dev', env: '', tags: [], runName: 'A', screenshots: 'each-step' })).toBe(
      'npx stepwise run --project p1 --branch dev --name "A" --format bvt',
    );
    expect(ciCommand({ projectId: 'p1', branch: 'dev', env: '', tags: [], runName: 'A', screenshots: 'on-failure' })).toBe(
      'npx stepwise run --project p1 --branch dev --name "A" --screenshots on-failure --format bvt',
    );
  });
});
