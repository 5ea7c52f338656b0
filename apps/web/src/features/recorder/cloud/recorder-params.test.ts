import { describe, expect, it } from 'vitest';
import { cloudRecorderPath, envNameOf, featurePathOf, readRecorderParams } from './recorder-params';

describe('cloud recorder parameters', () => {
  it('reads the environment from its file, its folder path or its name; env.json names none', () => {
    expect(envNameOf('environments/demo.json')).toBe('demo');
    expect(envNameOf('environments/staging')).toBe('staging');
    expect(envNameOf('qa')).toBe('qa');
    expect(envNameOf('env.json')).toBeNull();
    expect(envNameOf('')).toBeNull();
    expect(envNameOf(null)).toBeNull();
  });

  it('reads the feature under features/, with or without its extension', () => {
    expect(featurePathOf('features/shop/cart.feature')).toBe('shop/cart.feature');
    expect(featurePathOf('shop/cart')).toBe('shop/cart.feature');
    expect(featurePathOf('  ')).toBeNull();
  });

  it('defaults the branch to main and reads the whole query', () => {
    expect(readRecorderParams(new URLSearchParams('project_id=p1&env_name=environments/demo.json&feature_file=features/a.feature'))).toEqual({
      projectId: 'p1',
      envName: 'demo',
      branch: 'main',
      featurePath: 'a.feature',
      sessionId: null,
    });
    expect(readRecorderParams(new URLSearchParams('git_branch=dev'))).toEqual({ projectId: null, envName: null, branch: 'dev', featurePath: null, sessionId: null });
    expect(readRecorderParams(new URLSearchParams('session_id=s1&env_name=demo')).sessionId).toBe('s1');
  });

  it('builds the page address that reads back the same', () => {
    const path = cloudRecorderPath({ projectId: 'p 1', envName: 'demo', branch: 'feature/x', featurePath: 'shop/cart.feature' });
    expect(path).toBe('/remote-recorder/recorder?project_id=p+1&env_name=environments%2Fdemo.json&git_branch=feature%2Fx&feature_file=features%2Fshop%2Fcart.feature');
    expect(readRecorderParams(new URL(path, 'http://x').searchParams)).toEqual({ projectId: 'p 1', envName: 'demo', branch: 'feature/x', featurePath: 'shop/cart.feature', sessionId: null });
    expect(cloudRecorderPath({ projectId: 'p1', envName: null, branch: 'main' })).toBe('/remote-recorder/recorder?project_id=p1&git_branch=main');
  });
});
