import { expect, type APIRequestContext, type Page } from '@playwright/test';

let n = 0;
/** Unique across the test workers too (each a process of its own, counting from 0). */
export function uniqueEmail(prefix: string): string {
  n += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.env.TEST_PARALLEL_INDEX ?? '0'}-${n}@example.com`;
}

export const PASSWORD = 'a good long password';

/** Signs a user up through the API (for the second actor of a scenario); returns the token. */
export async function signUpViaApi(request: APIRequestContext, email: string, firstname = 'Sam', lastname = 'Second'): Promise<string> {
  const res = await request.post('/api/auth/signup-without-iam', { data: { email, password: PASSWORD, firstname, lastname } });
  expect(res.status()).toBe(200);
  return (await res.json()).token;
}

export async function createProjectViaApi(request: APIRequestContext, token: string, name = 'Shop'): Promise<string> {
  const res = await request.post('/api/auth/CreateProject', {
    data: { name, url: 'https://shop.example.com' },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  return (await res.json()).project.id;
}

export async function logIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'LOG IN', exact: true }).click();
}

/** A signed-in browser session for a user made through the API. */
export async function signedInAs(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await logIn(page, email);
  await expect(page).not.toHaveURL(/\/login/);
}

/** Invites `memberEmail` to the project and accepts as that member (both through the API). */
export async function addMemberViaApi(request: APIRequestContext, adminToken: string, projectId: string, memberEmail: string, memberToken: string): Promise<void> {
  const inv = await request.post('/api/auth/create-invitation', {
    data: { project_id: projectId, sent_to_email_list: [memberEmail] },
    headers: { authorization: `Bearer ${adminToken}` },
  });
  expect(inv.status()).toBe(200);
  const id = (await inv.json()).invitation_ids[0];
  const acc = await request.post('/api/auth/addMember', { data: { id }, headers: { authorization: `Bearer ${memberToken}` } });
  expect(acc.status()).toBe(200);
}

/** The session token of the browser's HttpOnly cookie (the page itself cannot read it), to act on that session through the API. */
export async function browserSessionToken(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'stepwise_session');
  expect(cookie, 'a signed-in browser holds the session cookie').toBeDefined();
  return cookie!.value;
}
