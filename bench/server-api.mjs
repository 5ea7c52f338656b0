// A call to the API of a server a benchmark started: JSON in and out, the bearer token when given.
export async function api(base, token, method, name, body) {
  const res = await fetch(`${base}/api/${name}`, {
    method,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${name}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text);
}
