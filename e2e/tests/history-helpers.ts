import { expect, type APIRequestContext } from '@playwright/test';

/** Helpers of the scenario history specs: Cucumber JSON reports of one feature, uploaded with the project's access key. */

export interface Outcome {
  name: string;
  failed: boolean;
  tags?: string[];
  /** The failure's message (default: "<name> broke after 1200 ms"). */
  message?: string;
  /** The step's text (default: "the <name> works"). */
  step?: string;
}

/** A cucumber-js run in Cucumber JSON: one step per scenario, failed or passed. */
export function cucumberJson(scenarios: Outcome[]): string {
  return JSON.stringify([
    {
      uri: 'features/shop.feature',
      id: 'shop',
      keyword: 'Feature',
      name: 'Shop',
      line: 1,
      tags: [],
      elements: scenarios.map((s, i) => ({
        id: `shop;${s.name.toLowerCase()}`,
        keyword: 'Scenario',
        name: s.name,
        line: 3 + i * 3,
        type: 'scenario',
        tags: (s.tags ?? []).map((name) => ({ name, line: 2 + i * 3 })),
        steps: [
          {
            keyword: 'Then ',
            name: s.step ?? `the ${s.name.toLowerCase()} works`,
            line: 4 + i * 3,
            result: s.failed
              ? {
                  status: 'failed',
                  duration: 2_000_000,
                  error_message: `${s.message ?? `Error: ${s.name} broke after 1200 ms`}\n    at World.<anonymous> (file:///ci/steps/shop.mjs:12:5)`,
                }
              : { status: 'passed', duration: 1_000_000 },
          },
        ],
      })),
    },
  ]);
}

/** Uploads a run of these scenarios; answers its id. */
export async function uploadRun(request: APIRequestContext, key: string, projectId: string, name: string, scenarios: Outcome[], branch = 'main'): Promise<string> {
  const res = await request.post('/api/runs/upload-report', {
    params: { projectId, name, format: 'cucumber-json', branch },
    data: cucumberJson(scenarios),
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).runId;
}
