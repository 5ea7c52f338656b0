import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@stepwise/shared';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { addMemberToProject, createProject, signUpUser, type TestUser } from '../test/factories.ts';
import { expectError, expectOk } from '../test/assertions.ts';

let server: TestServer;
let admin: TestUser;
let member: TestUser;
let projectId: string;

beforeAll(async () => {
  server = await startTestServer({ TRIAL_INVITE_DOMAINS: 'Partner.test, sales.example.org' });
  [admin, member] = await Promise.all([signUpUser(server.baseUrl), signUpUser(server.baseUrl)]);
  projectId = await createProject(admin, { name: 'Invite shop' });
  await addMemberToProject(admin, member, projectId);
});
afterAll(() => server.close());

const invite = (by: TestUser, emails: string[], project = projectId) =>
  by.api.post('auth/create-invitation', { project_id: project, sent_by: by.email, sent_to_email_list: emails });
const outbox = (to: string) => server.ctx.mailer.outbox(to);
const mailCount = async () => Number((await server.ctx.db.selectFrom('mail_outbox').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
const pendingEmails = async (project = projectId) =>
  (await admin.api.get(`auth/getMembers?project_id=${project}`)).body.members
    .filter((m: { status: string }) => m.status === 'invited')
    .map((m: { user_email: string }) => m.user_email);

describe('POST auth/create-invitation', () => {
  it('stores lower-cased addresses as pending invitations and mails each invitee one link with id, invited_by and project', async () => {
    const res = await invite(admin, ['  New.Person@Elsewhere.TEST ', 'second@elsewhere.test']);
    expectOk(res);
    expect(res.body.invitation_ids).toHaveLength(2);
    expect(await pendingEmails()).toEqual(expect.arrayContaining(['new.person@elsewhere.test', 'second@elsewhere.test']));
    for (const [i, to] of ['new.person@elsewhere.test', 'second@elsewhere.test'].entries()) {
      const mails = await outbox(to);
      expect(mails).toHaveLength(1);
      expect(mails[0].subject).toContain('Invite shop');
      const link = new URL(mails[0].text_body.match(/https?:\/\/\S+/)![0]);
      expect(link.pathname).toBe('/invitation');
      expect(Object.fromEntries(link.searchParams)).toEqual({ id: res.body.invitation_ids[i], invited_by: admin.email, project: projectId });
    }
    expect(await outbox('New.Person@Elsewhere.TEST')).toHaveLength(0);
  });

  it('refuses a list without any address', async () => {
    expectError(await invite(admin, []), 400, MSG.inviteAtLeastOne);
    expectError(await invite(admin, ['  ', '']), 400, MSG.inviteAtLeastOne);
  });

  it('refuses the inviter\'s own address, whatever its case', async () => {
    expectError(await invite(admin, ['friend@elsewhere.test', admin.email.toUpperCase()]), 400, MSG.inviteSelf);
  });

  it('refuses the same address twice', async () => {
    expectError(await invite(admin, ['twice@elsewhere.test', 'TWICE@elsewhere.test']), 400, MSG.inviteUnique);
  });

  it('refuses members and already invited addresses', async () => {
    expectError(await invite(admin, [member.email]), 400, MSG.inviteAlreadyMember);
    await invite(admin, ['pending@elsewhere.test']);
    expectError(await invite(admin, ['Pending@Elsewhere.test']), 400, MSG.inviteAlreadyMember);
  });

  it('refuses malformed addresses', async () => {
    expectError(await invite(admin, ['not-an-email']), 400, MSG.invalidEmail);
  });

  it('lets only admins invite', async () => {
    expectError(await invite(member, ['someone@elsewhere.test']), 403, MSG.inviteNoPermission);
  });

  it('stores nothing and sends no mail when the list is refused', async () => {
    const before = await mailCount();
    const pendingBefore = await pendingEmails();
    expectError(await invite(admin, ['fine@elsewhere.test', admin.email]), 400, MSG.inviteSelf);
    expect(await mailCount()).toBe(before);
    expect(await pendingEmails()).toEqual(pendingBefore);
  });

  describe('on a trial project (invitations not allowed by the plan)', () => {
    let trial: string;
    beforeAll(async () => {
      trial = await createProject(admin, { name: 'Trial shop' });
      await server.ctx.db.updateTable('projects').set({ plan: 'Freemium', allow_invite: false }).where('id', '=', trial).execute();
    });

    it('allows the inviter\'s own domain and the configured trial domains', async () => {
      const colleague = `colleague-${Date.now()}@${admin.email.split('@')[1]}`;
      expectOk(await invite(admin, [colleague, 'dev@partner.test', 'Rep@Sales.Example.org'], trial));
      expect((await pendingEmails(trial)).sort()).toEqual([colleague, 'dev@partner.test', 'rep@sales.example.org'].sort());
    });

    it('refuses the whole list when one address is outside those domains', async () => {
      const res = await invite(admin, ['ok@partner.test', 'stranger@elsewhere.test'], trial);
      expectError(res, 400, MSG.inviteTrial);
      expect(await pendingEmails(trial)).not.toContain('ok@partner.test');
    });
  });
});

describe('an invitee', () => {
  let invitee: TestUser;
  let invitationId: string;
  beforeAll(async () => {
    invitee = await signUpUser(server.baseUrl);
    invitationId = (await invite(admin, [invitee.email.toUpperCase()])).body.invitation_ids[0];
  });

  it('sees the pending invitation with the project name and the inviter', async () => {
    const res = await invitee.api.get('auth/get-invitations');
    expectOk(res);
    expect(res.body.invitations).toEqual([
      expect.objectContaining({ id: invitationId, _id: invitationId, project_id: projectId, project_name: 'Invite shop', sent_by: admin.email, sent_to_email_list: [invitee.email] }),
    ]);
    expect((await member.api.get('auth/get-invitations')).body.invitations).toEqual([]);
  });

  it('verifies the invitation; another user cannot, and unknown or missing ids are invalid', async () => {
    const res = await invitee.api.post('auth/verify-invitation', { id: invitationId });
    expectOk(res);
    expect(res.body.invitation).toMatchObject({ id: invitationId, project_name: 'Invite shop' });
    expectError(await member.api.post('auth/verify-invitation', { id: invitationId }), 403, MSG.invitationWrongUser);
    expectError(await invitee.api.post('auth/verify-invitation', { id: 'no-such-invitation' }), 404, MSG.invitationInvalidLink);
    expectError(await invitee.api.post('auth/verify-invitation', {}), 400, MSG.invitationNoId);
  });

  it('cannot have the invitation accepted by another user', async () => {
    expectError(await member.api.post('auth/addMember', { id: invitationId }), 403, MSG.invitationWrongUser);
    const outsider = await signUpUser(server.baseUrl);
    expectError(await outsider.api.post('auth/addMember', { id: invitationId }), 403, MSG.invitationWrongUser);
    expectError(await outsider.api.get(`auth/getProject?project_id=${projectId}`), 403);
  });

  it('accepts: becomes a member, onboarding step 5, the project becomes the last active one', async () => {
    const res = await invitee.api.post('auth/addMember', { id: invitationId });
    expectOk(res);
    expect(res.body.project).toMatchObject({ id: projectId, userRole: 'MEMBER' });
    expect(res.body.project.members).toContain(invitee.userId);
    const members = (await admin.api.get(`auth/getMembers?project_id=${projectId}`)).body.members;
    expect(members).toContainEqual(expect.objectContaining({ user_id: invitee.userId, status: 'member', user_email: invitee.email }));
    expect(await pendingEmails()).not.toContain(invitee.email);
    expect((await invitee.api.get('auth/getNonIamUserByToken')).body.user.lastCompletedStep).toBe(5);
    expect((await invitee.api.get('auth/getLastActiveProject')).body.project_id).toBe(projectId);
    expect((await invitee.api.get('auth/get-invitations')).body.invitations).toEqual([]);
  });

  it('cannot accept a closed invitation again', async () => {
    expectError(await invitee.api.post('auth/addMember', { id: invitationId }), 404, MSG.invitationInvalidLink);
    expectError(await invitee.api.post('auth/verify-invitation', { id: invitationId }), 404, MSG.invitationInvalidLink);
  });
});

describe('DELETE auth/invitations/<email> (decline)', () => {
  let invitee: TestUser;
  beforeAll(async () => {
    invitee = await signUpUser(server.baseUrl);
  });
  const decline = (user: TestUser, email: string, body?: unknown) => user.api.delete(`auth/invitations/${encodeURIComponent(email)}`, body);

  it('declines one invitation by id: it leaves the lists and can no longer be accepted', async () => {
    const [id] = (await invite(admin, [invitee.email])).body.invitation_ids;
    expectOk(await decline(invitee, invitee.email, { id, email: invitee.email }));
    expect((await invitee.api.get('auth/get-invitations')).body.invitations).toEqual([]);
    expect(await pendingEmails()).not.toContain(invitee.email);
    expectError(await invitee.api.post('auth/addMember', { id }), 404, MSG.invitationInvalidLink);
    expectError(await decline(invitee, invitee.email, { id }), 404, MSG.invitationInvalidLink);
  });

  it('lets the admin invite a declined address again', async () => {
    const again = await invite(admin, [invitee.email]);
    expectOk(again);
    expect((await invitee.api.get('auth/get-invitations')).body.invitations.map((i: { id: string }) => i.id)).toEqual(again.body.invitation_ids);
  });

  it('refuses to decline for another address', async () => {
    expectError(await decline(member, invitee.email, {}), 403, MSG.invitationWrongUser);
    expect((await invitee.api.get('auth/get-invitations')).body.invitations).toHaveLength(1);
  });

  it('without an id declines every pending invitation of the caller', async () => {
    const other = await createProject(admin, { name: 'Second invite shop' });
    await invite(admin, [invitee.email], other);
    expect((await invitee.api.get('auth/get-invitations')).body.invitations).toHaveLength(2);
    expectOk(await decline(invitee, invitee.email.toUpperCase()));
    expect((await invitee.api.get('auth/get-invitations')).body.invitations).toEqual([]);
  });
});
