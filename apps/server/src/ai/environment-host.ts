import { lookup } from 'node:dns/promises';

/** False when the base URL's host name does not resolve: no browser is started for an address that leads nowhere. */
export async function hostResolves(baseUrl: string): Promise<boolean> {
  let host: string;
  try {
    host = new URL(baseUrl).hostname.replace(/^\[|\]$/g, '');
  } catch {
    return false;
  }
  try {
    await lookup(host);
    return true;
  } catch (err) {
    // Only a name that does not exist is known to lead nowhere; a DNS server that is slow or down may still.
    return (err as NodeJS.ErrnoException).code !== 'ENOTFOUND';
  }
}

export const unknownHostMessage = (baseUrl: string) => `The environment's address ${baseUrl} leads nowhere: its host name is not known`;
