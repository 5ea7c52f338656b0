/**
 * A minimal browser for tests over HTTP: keeps cookies per host (as a browser does, HttpOnly ones
 * included) and follows redirects one by one, so a test can stop before a chosen address.
 */
export interface Step {
  url: string;
  res: Response;
  /** The body as text (read once). */
  text: string;
}

interface StoredCookie {
  value: string;
  attributes: string;
}

export class CookieBrowser {
  private readonly jar = new Map<string, Map<string, StoredCookie>>();

  /** The cookies this browser holds for a host (name -> value and raw attributes, lower-case). */
  cookies(url: string): Map<string, StoredCookie> {
    const host = new URL(url).host;
    let found = this.jar.get(host);
    if (!found) {
      found = new Map();
      this.jar.set(host, found);
    }
    return found;
  }

  private store(url: string, res: Response): void {
    const cookies = this.cookies(url);
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const attributes = attrs.map((a) => a.trim().toLowerCase()).join('; ');
      const expired = /max-age=0(;|$)/.test(attributes) || /expires=thu, 01 jan 1970/.test(attributes) || value === '';
      if (expired) cookies.delete(name);
      else cookies.set(name, { value, attributes });
    }
  }

  /** One request, no redirect followed. */
  async fetch(url: string, init: RequestInit = {}): Promise<Step> {
    const cookie = [...this.cookies(url)].map(([n, c]) => `${n}=${c.value}`).join('; ');
    const headers = new Headers(init.headers);
    if (cookie) headers.set('cookie', cookie);
    const res = await fetch(url, { ...init, headers, redirect: 'manual' });
    this.store(url, res);
    return { url, res, text: await res.text() };
  }

  /** Follows redirects from `url` until a page that is not a redirect, or until `stopBefore` says so of the next address. */
  async follow(url: string, init: RequestInit = {}, stopBefore: (next: string) => boolean = () => false): Promise<Step & { next?: string }> {
    let step = await this.fetch(url, init);
    for (let hops = 0; hops < 20; hops++) {
      const location = step.res.headers.get('location');
      if (step.res.status < 300 || step.res.status >= 400 || !location) return step;
      const next = new URL(location, step.url).href;
      if (stopBefore(next)) return { ...step, next };
      step = await this.fetch(next);
    }
    throw new Error(`too many redirects from ${url}`);
  }

  /** Submits a form of `page` (its action, method post) with these fields. */
  submit(page: Step, fields: Record<string, string>, stopBefore?: (next: string) => boolean): Promise<Step & { next?: string }> {
    const action = /<form[^>]*action="([^"]+)"/.exec(page.text)?.[1];
    if (!action) throw new Error(`no form on ${page.url}: ${page.text.slice(0, 200)}`);
    const hidden = Object.fromEntries([...page.text.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    const body = new URLSearchParams({ ...hidden, ...fields });
    return this.follow(new URL(action.replaceAll('&amp;', '&'), page.url).href, { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' } }, stopBefore);
  }
}
