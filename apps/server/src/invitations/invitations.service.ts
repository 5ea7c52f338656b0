import { emailDomain, inviteError, MSG, normaliseEmail, ROLES, type InvitationDto, type ProjectDto } from '@stepwise/shared';
import type { AppContext } from '../context.ts';
import type { AuthContext } from '../http/auth-plugin.ts';
import { badRequest, forbidden, notFound } from '../http/errors.ts';
import { newId } from '../security/tokens.ts';
import { requireMember } from '../projects/project-access.ts';
import { ProjectsService } from '../projects/projects.service.ts';
import { updateUser } from '../auth/user.repository.ts';
import { addMember, listMembers } from '../members/members.repository.ts';
import { presentInvitation } from './invitation.presenter.ts';
import * as repo from './invitations.repository.ts';

export class InvitationsService {
  private readonly ctx: AppContext;
  constructor(ctx: AppContext) {
    this.ctx = ctx;
  }

  async create(auth: AuthContext, projectId: string, emailList: string[]): Promise<string[]> {
    const access = await requireMember(this.ctx.db, auth, projectId);
    if (!access.isAdmin) throw forbidden(MSG.inviteNoPermission);
    const [members, pending] = await Promise.all([listMembers(this.ctx.db, projectId), repo.pendingForProject(this.ctx.db, projectId)]);
    const trialDomains = access.project.allow_invite ? null : [...this.ctx.config.trialInviteDomains, emailDomain(auth.user.email)];
    const error = inviteError({
      emails: emailList,
      selfEmail: auth.user.email,
      taken: [...members.map((m) => m.email), ...pending.map((p) => p.email)],
      trialDomains,
    });
    if (error) throw badRequest(error);
    const emails = emailList.map(normaliseEmail).filter(Boolean);
    const rows = emails.map((email) => ({ id: newId(), project_id: projectId, email, sent_by: auth.user.id, status: 'pending' }));
    try {
      await repo.insertInvitations(this.ctx.db, rows);
    } catch (err) {
      if (/duplicate|unique/i.test(String(err))) throw badRequest(MSG.inviteAlreadyMember);
      throw err;
    }
    for (const row of rows) {
      const link = this.invitationLink(row.id, auth.user.email, projectId);
      await this.ctx.mailer.send({
        to: row.email,
        subject: `${auth.user.firstname} invited you to ${access.project.name} on Stepwise`,
        text: `${auth.user.firstname} ${auth.user.lastname} (${auth.user.email}) invited you to the project "${access.project.name}".\n\nAccept the invitation: ${link}\n`,
      });
    }
    return rows.map((r) => r.id);
  }

  invitationLink(id: string, invitedBy: string, projectId: string): string {
    const base = this.ctx.config.publicUrl ?? `http://localhost:${this.ctx.config.port}`;
    const url = new URL('/invitation', base);
    url.search = new URLSearchParams({ id, invited_by: invitedBy, project: projectId }).toString();
    return url.toString();
  }

  async listMine(auth: AuthContext): Promise<InvitationDto[]> {
    return (await repo.pendingForEmail(this.ctx.db, auth.user.email)).map(presentInvitation);
  }

  /** A pending invitation addressed to the caller. */
  async verify(auth: AuthContext, id: string): Promise<InvitationDto> {
    return presentInvitation(await this.pendingFor(auth, id));
  }

  async accept(auth: AuthContext, id: string): Promise<ProjectDto> {
    const invitation = await this.pendingFor(auth, id);
    await this.ctx.db.transaction().execute(async (trx) => {
      if (!(await repo.closeInvitation(trx, id, 'accepted'))) throw notFound(MSG.invitationInvalidLink);
      await addMember(trx, invitation.project_id, auth.user.id, ROLES.member);
    });
    await updateUser(this.ctx, auth.user.id, {
      last_active_project_id: invitation.project_id,
      last_completed_step: Math.max(auth.user.last_completed_step, 5),
    });
    return new ProjectsService(this.ctx).get(auth, invitation.project_id);
  }

  async decline(auth: AuthContext, email: string, id?: string): Promise<void> {
    if (normaliseEmail(email) !== auth.user.email) throw forbidden(MSG.invitationWrongUser);
    const pending = await repo.pendingForEmail(this.ctx.db, auth.user.email);
    const targets = id ? pending.filter((p) => p.id === id) : pending;
    if (targets.length === 0) throw notFound(MSG.invitationInvalidLink);
    for (const t of targets) await repo.closeInvitation(this.ctx.db, t.id, 'declined');
  }

  private async pendingFor(auth: AuthContext, id: string): Promise<repo.InvitationView> {
    const invitation = await repo.findInvitation(this.ctx.db, id);
    if (!invitation || invitation.status !== 'pending') throw notFound(MSG.invitationInvalidLink);
    if (invitation.email !== auth.user.email) throw forbidden(MSG.invitationWrongUser);
    return invitation;
  }
}
