import { COOKIE_SESSION_HEADER, CSRF_HEADER, HEADERS, MSG } from '@stepwise/shared';
import { randomId } from '../lib/random-id';
import { csrfToken, getCurrentProjectId, getSessionId, sessionExpiredStore, signedInStore } from './session';

const API_BASE = '/api';

/** Failed call: `message` is the server's error text when it sent one. */
export class ApiError extends Error {
  readonly status: number;
  /** The parsed response body, for calls whose errors carry details (line of a code error...). */
  readonly body: unknown;
  constructor(message: string, status: number, body: unknown = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  /** Sign-in and sign-up answer 401 for bad credentials: no session-expired dialog. */
  ignoreUnauthorized?: boolean;
  signal?: AbortSignal;
  /** Extra request headers (x-source...). */
  headers?: Record<string, string>;
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  const url = `${API_BASE}/${path.replace(/^\/+/, '')}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

/** Headers every call of the app sends: the session is the cookie (same origin); writes repeat its CSRF token. */
export function sessionHeaders(method: string): Record<string, string> {
  const headers: Record<string, string> = { [COOKIE_SESSION_HEADER]: '1' };
  const csrf = method === 'GET' || method === 'HEAD' ? null : csrfToken();
  if (csrf) headers[CSRF_HEADER] = csrf;
  return headers;
}

function buildHeaders(method: string, hasBody: boolean, extra?: Record<string, string>): Headers {
  const headers = new Headers({ ...extra, ...sessionHeaders(method), Accept: 'application/json' });
  if (hasBody) headers.set('Content-Type', 'application/json');
  headers.set(HEADERS.traceId, randomId());
  headers.set(HEADERS.sessionId, getSessionId());
  const projectId = getCurrentProjectId();
  if (projectId) headers.set(HEADERS.projectId, projectId);
  return headers;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function errorFrom(body: unknown): string | null {
  if (body && typeof body === 'object' && 'error' in body) {
    const error = (body as { error: unknown }).error;
    if (typeof error === 'string' && error) return error;
  }
  return null;
}

/** The one fetch client of the app: JSON in and out, auth and tracing headers, uniform errors. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, query, ignoreUnauthorized, signal, headers } = options;
  const hasBody = body !== undefined;
  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      headers: buildHeaders(method, hasBody, headers),
      credentials: 'same-origin',
      body: hasBody ? JSON.stringify(body) : undefined,
      signal,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(MSG.unexpected, 0);
  }
  const json = await readJson(response);
  if (response.status === 401 && !ignoreUnauthorized && signedInStore.get()) {
    sessionExpiredStore.set(true);
  }
  const failed = !response.ok || (json as { status?: unknown } | null)?.status === 'error';
  if (failed) throw new ApiError(errorFrom(json) ?? MSG.unexpected, response.status, json);
  return json as T;
}

/** Text to show for any thrown value. */
export function errorText(err: unknown, fallback: string = MSG.unexpected): string {
  if (err instanceof ApiError || err instanceof Error) return err.message || fallback;
  return fallback;
}

export const api = {
  get: <T>(path: string, query?: RequestOptions['query']) => apiRequest<T>(path, { query }),
  post: <T>(path: string, body?: unknown, extra?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...extra, method: 'POST', body: body ?? {} }),
  patch: <T>(path: string, body: unknown) => apiRequest<T>(path, { method: 'PATCH', body }),
  delete: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'DELETE', body }),
};

/** 401s are reported once, by the session-expired dialog; pages skip their own error text. */
export function isUnauthorized(err: unknown): boolean {
  return err instanceof ApiError && err.status === 401;
}
