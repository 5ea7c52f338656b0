import type { NetworkEntry } from '@stepwise/shared';
import { describe, expect, it } from 'vitest';
import { DEFAULT_NETWORK_FILTERS, failingRequests, filterNetworkLogs, networkMessage, splitUrl } from './network';

const req = (status: number | string, type = 'fetch', url = 'http://shop.test/api/x'): NetworkEntry => ({
  requestUrl: url,
  method: 'GET',
  status,
  responseTime: 10,
  size: 100,
  type,
});

describe('network tab', () => {
  it('splits URLs into host and path', () => {
    expect(splitUrl('http://shop.test:8080/a/b?c=1')).toEqual({ host: 'shop.test:8080', path: '/a/b?c=1' });
    expect(splitUrl('not a url')).toEqual({ host: '', path: 'not a url' });
  });
  it('lists failing requests and says why the list is empty', () => {
    expect(networkMessage([])).toBe('No network logs available');
    expect(networkMessage([req(200), req(304)])).toBe('No network issues detected');
    expect(networkMessage([req(200), req(404)])).toBeNull();
    expect(failingRequests([req(200), req(404), req('net::ERR_ABORTED')]).map((r) => r.status)).toEqual([404, 'net::ERR_ABORTED']);
  });
  it('filters the full logs (XHR/fetch, errors, both on by default) and sorts by status descending', () => {
    const all = [req(200, 'document'), req(404, 'xhr'), req(500, 'fetch'), req(201, 'fetch'), req('net::ERR_ABORTED', 'image'), req(403, 'script')];
    expect(DEFAULT_NETWORK_FILTERS).toEqual({ xhrOnly: true, errorsOnly: true });
    expect(filterNetworkLogs(all, DEFAULT_NETWORK_FILTERS).map((r) => r.status)).toEqual([500, 404]);
    expect(filterNetworkLogs(all, { xhrOnly: false, errorsOnly: true }).map((r) => r.status)).toEqual(['net::ERR_ABORTED', 500, 404, 403]);
    expect(filterNetworkLogs(all, { xhrOnly: true, errorsOnly: false }).map((r) => r.status)).toEqual([500, 404, 201]);
    expect(filterNetworkLogs(all, { xhrOnly: false, errorsOnly: false })).toHaveLength(6);
  });
});
