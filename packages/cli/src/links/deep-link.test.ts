import { describe, expect, it } from 'vitest';
import { CliError } from '../cli-error.ts';
import { environmentName, maskedLink, parseDeepLink } from './deep-link.ts';

describe('parseDeepLink', () => {
  it('reads the recorder link the launch page builds, every parameter kept', () => {
    const link = parseDeepLink(
      'stepwise://recorder?project_id=p_1&env_name=environments%2Fstaging.json&git_branch=release%2F2.0&uuid=u-1&newUser=true&access_key=swk_abc&server=http%3A%2F%2Flocalhost%3A3000%2F',
    );
    expect(link).toEqual({
      mode: 'recorder',
      server: 'http://localhost:3000',
      accessKey: 'swk_abc',
      projectId: 'p_1',
      branch: 'release/2.0',
      envName: 'staging',
      featureFile: undefined,
      scenarioName: undefined,
      filePath: undefined,
      params: {
        project_id: 'p_1',
        env_name: 'environments/staging.json',
        git_branch: 'release/2.0',
        uuid: 'u-1',
        newUser: 'true',
        access_key: 'swk_abc',
        server: 'http://localhost:3000/',
      },
    });
  });

  it('reads execute and open_vscode links: the feature under features/, the scenario, the file', () => {
    const run = parseDeepLink('stepwise://execute?project_id=p1&feature_file=features%2Fshopping%2Fcart.feature&scenario_name=Add+a+mug+(twice)&env_name=demo');
    expect(run).toMatchObject({ mode: 'execute', featureFile: 'features/shopping/cart.feature', scenarioName: 'Add a mug (twice)', envName: 'demo', branch: 'main' });
    expect(parseDeepLink('stepwise://execute?project_id=p1&feature_file=cart.feature').featureFile).toBe('features/cart.feature');
    expect(parseDeepLink('stepwise://open_vscode?project_id=p1&file_path=steps%2Fai_generated.mjs').filePath).toBe('steps/ai_generated.mjs');
  });

  it('accepts the shapes desktops hand over: a trailing slash, no slashes, upper-case scheme and mode', () => {
    for (const url of ['stepwise://recorder/?project_id=p1', 'stepwise:recorder?project_id=p1', 'STEPWISE://Recorder?project_id=p1', ' stepwise://recorder?project_id=p1#x ']) {
      expect(parseDeepLink(url)).toMatchObject({ mode: 'recorder', projectId: 'p1' });
    }
    expect(parseDeepLink('stepwise://ai_learn').params).toEqual({});
    expect(parseDeepLink('stepwise://apitest?').mode).toBe('apitest');
  });

  it('refuses what is not a link it can follow, saying why', () => {
    const cases: Array<[string, RegExp]> = [
      ['https://example.com/recorder?project_id=p1', /Not a stepwise:\/\/ link/],
      ['stepwise://format_disk?project_id=p1', /Unknown link mode "format_disk": expected one of recorder, execute, ai_learn, open_vscode, apitest/],
      ['stepwise://recorder?project_id=..%2F..%2Fetc', /project_id is not a project id/],
      ['stepwise://execute?project_id=p1&feature_file=..%2F..%2F.ssh%2Fid_rsa', /feature_file is not a path inside the workspace/],
      ['stepwise://open_vscode?project_id=p1&file_path=%2Fetc%2Fpasswd', /file_path is not a path inside the workspace/],
      ['stepwise://open_vscode?project_id=p1&file_path=C%3A%5CWindows%5Cwin.ini', /file_path is not a path inside the workspace/],
      ['stepwise://recorder?project_id=p1&server=file%3A%2F%2F%2Fetc', /server must be an http\(s\) address/],
      ['stepwise://recorder?project_id=p1&server=not+a+url', /server is not a URL/],
      ['stepwise://recorder?project_id=p1&env_name=environments%2F..%2F..%2Fx.json', /environment is not an environment name/],
    ];
    for (const [url, message] of cases) {
      expect(() => parseDeepLink(url), url).toThrow(CliError);
      expect(() => parseDeepLink(url), url).toThrow(message);
    }
  });
});

describe('environmentName', () => {
  it('takes the name from environments/{name}.json, {name}, or env when env_name is the legacy env.json', () => {
    expect(environmentName('environments/dev.json')).toBe('dev');
    expect(environmentName('environments/dev')).toBe('dev');
    expect(environmentName('./environments/qa.json')).toBe('qa');
    expect(environmentName('prod')).toBe('prod');
    expect(environmentName('env.json', 'staging')).toBe('staging');
    expect(environmentName('env.json')).toBeUndefined();
    expect(environmentName(undefined, 'demo')).toBe('demo');
    expect(environmentName('')).toBeUndefined();
  });
});

describe('maskedLink', () => {
  it('hides the access key and nothing else', () => {
    expect(maskedLink('stepwise://recorder?project_id=p1&access_key=swk_secret&uuid=1')).toBe('stepwise://recorder?project_id=p1&access_key=***&uuid=1');
  });
});
