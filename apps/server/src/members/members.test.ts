import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@stepwise/shared';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { addMemberToProject, createAccessKey, createProject, signUpUser, type TestUser } from '../test/factories.ts';
import { expectError, expectOk } from '../test/assertions.ts';

let server: TestServer;
let admin: TestUser;
let member: TestUser;
let projectId: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signUpUser(server.baseUrl, { firstname: 'Ada', lastname: 'Admin' });
  member = await signUpUser(server.baseUrl, { firstname: 'Max', lastname: 'Member' });
  projectId = await createProject(admin, { name: 'Team shop' });
  await addMemberToProject(admin, member, projectId);
});
afterAll(() => server.close());

const membersOf = async (project = projectId, as = admin) => (await as.api.get(`auth/getMembers?project_id=${project}`)).body.members;
const remove = (by: TestUser, body: Record<string, unknown>) =>
  by.api.delete('auth/remove-member-or-invitation', { project_id: projectId, user_id_to_remove: null, ...body });

describe('GET auth/getMembers', () => {
  it('lists the members, admins flagged, then the pending invitations', async () => {
    await admin.api.post('auth/create-invitation', { project_id: projectId, sent_to_email_list: ['Waiting@Example.org'] });
    const res = await member.api.get(`auth/getMembers?project_id=${projectId}`);
    expectOk(res);
    expect(res.body.members).toEqual([
      { name: 'Ada Admin', user_email: admin.email, user_id: admin.userId, status: 'member', role: 'ADMIN', isAdmin: true },
      { name: 'Max Member', user_email: member.email, user_id: member.userId, status: 'member', role: 'MEMBER', isAdmin: false },
      { name: 'waiting@example.org', user_email: 'waiting@example.org', user_id: null, status: 'invited', role: 'INVITED', isAdmin: false },
    ]);
  });
});

describe('DELETE auth/remove-member-or-invitation', () => {
  it('lets an admin remove a member, who then loses the project and the project\'s access keys', async () => {
    const leaving = await signUpUser(server.baseUrl);
    await addMemberToProject(admin, leaving, projectId);
    const key = await createAccessKey(leaving, projectId);
    const res = await remove(admin, { user_id_to_remove: leaving.userId, status: 'member', user_email_to_remove: leaving.email });
    expectOk(res);
    expect((await membersOf()).map((m: { user_id: string }) => m.user_id)).not.toContain(leaving.userId);
    expectError(await leaving.api.get(`auth/getProject?project_id=${projectId}`), 403);
    expect((await leaving.api.get('auth/getLastActiveProject')).body.project_id).toBeNull();
    expectError(await leaving.api.withToken(key.token).get('auth/getProjects'), 401);
  });

  it('finds the member by e-mail when no user id is given', async () => {
    const leaving = await signUpUser(server.baseUrl);
    await addMemberToProject(admin, leaving, projectId);
    expectOk(await remove(admin, { status: 'member', user_email_to_remove: leaving.email.toUpperCase() }));
    expect((await membersOf()).map((m: { user_email: string }) => m.user_email)).not.toContain(leaving.email);
  });

  it('refuses members who are not admins', async () => {
    const res = await remove(member, { user_id_to_remove: admin.userId, status: 'member', user_email_to_remove: admin.email });
    expectError(res, 403, MSG.removeNoPermission);
    expect((await membersOf()).map((m: { user_id: string }) => m.user_id)).toContain(admin.userId);
  });

  it('refuses to remove yourself', async () => {
    const res = await remove(admin, { user_id_to_remove: admin.userId, status: 'member', user_email_to_remove: admin.email });
    expectError(res, 400, MSG.removeSelf);
    expectError(await remove(admin, { status: 'member', user_email_to_remove: admin.email }), 400, MSG.removeSelf);
  });

  it('removes a pending invitation, which can then no longer be accepted', async () => {
    const invitee = await signUpUser(server.baseUrl);
    const [id] = (await admin.api.post('auth/create-invitation', { project_id: projectId, sent_to_email_list: [invitee.email] })).body.invitation_ids;
    expectOk(await remove(admin, { status: 'invited', user_email_to_remove: invitee.email }));
    expect((await membersOf()).map((m: { user_email: string }) => m.user_email)).not.toContain(invitee.email);
    expect((await invitee.api.get('auth/get-invitations')).body.invitations).toEqual([]);
    expectError(await invitee.api.post('auth/addMember', { id }), 404, MSG.invitationInvalidLink);
  });

  it('answers 404 for someone who is neither a member nor invited, and leaves other projects alone', async () => {
    const stranger = await signUpUser(server.baseUrl);
    const strangerProject = await createProject(stranger);
    expectError(await remove(admin, { user_id_to_remove: stranger.userId, status: 'member', user_email_to_remove: stranger.email }), 404);
    expectError(await remove(admin, { status: 'invited', user_email_to_remove: 'nobody@example.org' }), 404);
    expect((await membersOf(strangerProject, stranger)).map((m: { user_id: string }) => m.user_id)).toEqual([stranger.userId]);
  });

  it('lets an admin remove another admin', async () => {
    const coAdmin = await signUpUser(server.baseUrl);
    await addMemberToProject(admin, coAdmin, projectId);
    await server.ctx.db.updateTable('project_members').set({ role: 'ADMIN' }).where('user_id', '=', coAdmin.userId).execute();
    expectOk(await remove(coAdmin, { user_id_to_remove: admin.userId, status: 'member', user_email_to_remove: admin.email }));
    expectError(await admin.api.get(`auth/getMembers?project_id=${projectId}`), 403);
  });
});
