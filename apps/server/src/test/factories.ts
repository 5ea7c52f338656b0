import { randomBytes } from 'node:crypto';
import { ApiClient } from './api-client.ts';

export interface TestUser {
  api: ApiClient;
  token: string;
  userId: string;
  email: string;
  password: string;
}

let counter = 0;

/** Signs up a new user through the API and returns a client carrying their token. */
export async function signUpUser(baseUrl: string, fields: { email?: string; firstname?: string; lastname?: string } = {}): Promise<TestUser> {
  counter += 1;
  const email = fields.email ?? `user${counter}-${randomBytes(3).toString('hex')}@example.com`;
  const password = 'correct horse battery';
  const res = await new ApiClient(baseUrl).post('auth/signup-without-iam', {
    email,
    password,
    firstname: fields.firstname ?? 'Test',
    lastname: fields.lastname ?? `User${counter}`,
  });
  if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { api: new ApiClient(baseUrl, res.body.token), token: res.body.token, userId: res.body.user.userId, email: email.toLowerCase(), password };
}

export async function createProject(user: TestUser, fields: { name?: string; url?: string; demo?: boolean } = {}): Promise<string> {
  const res = await user.api.post('auth/CreateProject', { name: fields.name ?? 'Shop', url: fields.url ?? 'https://shop.example.com', demo: fields.demo });
  if (res.status !== 200) throw new Error(`project creation failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.project.id;
}

/** Invites `member` to the project of `admin` and accepts: returns the invitation id. */
export async function addMemberToProject(admin: TestUser, member: TestUser, projectId: string): Promise<string> {
  const inv = await admin.api.post('auth/create-invitation', { project_id: projectId, sent_to_email_list: [member.email] });
  if (inv.status !== 200) throw new Error(`invite failed: ${JSON.stringify(inv.body)}`);
  const id = inv.body.invitation_ids[0];
  const acc = await member.api.post('auth/addMember', { id });
  if (acc.status !== 200) throw new Error(`accept failed: ${JSON.stringify(acc.body)}`);
  return id;
}

/** Creates a project access key; returns its id and the whole token (shown only this once). */
export async function createAccessKey(user: TestUser, projectId: string, name = 'CI key'): Promise<{ id: string; token: string }> {
  const res = await user.api.post('auth/createAccessKey', { projectId, name });
  if (res.status !== 200) throw new Error(`access key creation failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.accessKey.id, token: res.body.token };
}
