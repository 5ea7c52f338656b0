import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScenarios } from './index.ts';
import { baseOptions, byName, statuses, usePageServer, workspace } from './runner-test-kit.ts';

// When a step's picture is taken: a step that brought a new document is pictured once the document has
// loaded (its images too), waiting for that at most LOAD_WAIT_MS (step-recorder.ts) and once a
// document; the next step that changed nothing shares its picture. Real runs in Chromium.

usePageServer();

const RED = '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200"><rect width="300" height="200" fill="#c00"/></svg>';
const PAGES: Record<string, string> = {
  '/': '<!doctype html><title>Home</title><a href="/receipt">Receipt</a> <a href="/stuck">Stuck</a>',
  '/receipt': '<!doctype html><title>Receipt</title><p>Thank you</p><img src="/late.svg" alt="seal">',
  '/stuck': '<!doctype html><title>Stuck</title><p>Waiting</p><img src="/never.svg" alt="never">',
};

const FEATURE = `Feature: Pictures
  Scenario: A page whose image comes late
    Given I open the "/" page
    When click "Receipt"
    Then I should see "Thank you"
    And I wait 2 seconds

  Scenario: A page whose image never comes
    Given I open the "/" page
    When click "Stuck"
    Then I should see "Waiting"
    And I should see "Waiting"
    And I should see "Waiting"
    And I should see "Waiting"
    And I should see "Waiting"
`;

describe('step pictures', () => {
  let server: http.Server;
  let site = '';
  const held: http.ServerResponse[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === '/late.svg') {
        setTimeout(() => res.writeHead(200, { 'content-type': 'image/svg+xml' }).end(RED), 300);
      } else if (req.url === '/never.svg') {
        held.push(res);
      } else if (req.url && PAGES[req.url]) {
        res.writeHead(200, { 'content-type': 'text/html' }).end(PAGES[req.url]);
      } else {
        res.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    site = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => {
    for (const res of held) res.destroy();
    server.closeAllConnections();
    server.close();
  });

  it('pictures a new document once its image has loaded, and never waits long or twice for one that does not load', async () => {
    const dir = workspace({ 'features/pictures.feature': FEATURE });
    const { report } = await runScenarios(baseOptions(dir, { env: { name: 'test', baseUrl: site } }));

    const late = byName(report, 'A page whose image comes late');
    expect(statuses(late)).toEqual(['PASSED', 'PASSED', 'PASSED', 'PASSED']);
    const [, click, seen, waited] = late.steps.map((s) => s.screenshotId);
    // The check after the click changed nothing: the same picture.
    expect(seen).toBe(click);
    // Two seconds later (a new picture, the page long loaded): the same pixels as the click's, image included.
    expect(waited).toBe(click);

    const stuck = byName(report, 'A page whose image never comes');
    expect(statuses(stuck)).toEqual(Array(7).fill('PASSED'));
    const ms = stuck.steps.map((s) => s.result.duration ?? 0);
    // The click's record waited for the load at most half a second (the image never comes)...
    expect(ms[1]).toBeLessThan(3000);
    // ...and the five checks on the same document did not wait for it again.
    expect(ms.slice(2).reduce((a, b) => a + b, 0)).toBeLessThan(1500);
  }, 120_000);
});
