import type { ReportStep } from '@stepwise/shared';
import type { ApiClient } from './api-client.ts';

/**
 * What the steps of a test case saw, for the message of an assertion on a run's outcome: each step's
 * status and error, the requests that did not answer with a success (or a redirect) and the console's
 * errors. Read through the run report API as a member would (runs/cucumber-runs/get-testcase).
 */
export async function stepsSeen(api: ApiClient, testCaseId: string): Promise<string> {
  const res = await api.get(`runs/cucumber-runs/get-testcase?testCaseId=${encodeURIComponent(testCaseId)}`);
  if (res.status !== 200) return `(the test case could not be read: ${res.status})`;
  const steps = (res.body.testCase?.steps ?? []) as ReportStep[];
  return steps
    .map((s) => {
      const failedRequests = s.networkData.filter((n) => typeof n.status !== 'number' || n.status >= 400).map((n) => `${n.method} ${n.requestUrl} ${n.status} (${n.type})`);
      const errors = s.webLog.filter((c) => c.type === 'error' || c.type === 'pageerror').map((c) => c.text);
      return [
        `${s.keyword.trim()} ${s.text}: ${s.result.status}${s.result.errorStack ? ` ${s.result.errorStack.split('\n')[0]}` : ''}${s.page ? ` on ${s.page.url}` : ''}`,
        ...failedRequests.map((r) => `  request ${r}`),
        ...errors.map((e) => `  console ${e}`),
      ].join('\n');
    })
    .join('\n');
}
