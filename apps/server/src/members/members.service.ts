import { MSG, normaliseEmail, type MemberDto } from '@stepwise/shared';
import type { AppContext } from '../context.ts';
import type { AuthContext } from '../http/auth-plugin.ts';
import { badRequest, forbidden, notFound } from '../http/errors.ts';
import { requireMember } from '../projects/project-access.ts';
import { pendingForProject, revokePendingFor } from '../invitations/invitations.repository.ts';
import { listMembers, removeMember } from './members.repository.ts';

export interface RemoveRequest {
  project_id: string;
  user_id_to_remove?: string | null;
  status: 'member' | 'invited';
  user_email_to_remove: string;
}

export class MembersService {
  private readonly ctx: AppContext;
  constructor(ctx: AppContext) {
    this.ctx = ctx;
  }

  /** Members first, then pending invitations, as one list. */
  async list(auth: AuthContext, projectId: string): Promise<MemberDto[]> {
    await requireMember(this.ctx.db, auth, projectId);
    const [members, invited] = await Promise.all([listMembers(this.ctx.db, projectId), pendingForProject(this.ctx.db, projectId)]);
    return [
      ...members.map((m) => ({
        name: `${m.firstname} ${m.lastname}`.trim() || m.email,
        user_email: m.email,
        user_id: m.user_id,
        status: 'member' as const,
        role: m.role,
        isAdmin: m.role === 'ADMIN',
      })),
      ...invited.map((i) => ({ name: i.email, user_email: i.email, user_id: null, status: 'invited' as const, role: 'INVITED', isAdmin: false })),
    ];
  }

  async remove(auth: AuthContext, req: RemoveRequest): Promise<void> {
    const access = await requireMember(this.ctx.db, auth, req.project_id);
    if (!access.isAdmin) throw forbidden(MSG.removeNoPermission);
    const email = normaliseEmail(req.user_email_to_remove);
    if (req.status === 'invited') {
      if ((await revokePendingFor(this.ctx.db, req.project_id, email)) === 0) throw notFound('Invitation not found');
      return;
    }
    const members = await listMembers(this.ctx.db, req.project_id);
    const target = members.find((m) => (req.user_id_to_remove ? m.user_id === req.user_id_to_remove : m.email === email));
    if (!target) throw notFound('Member not found');
    if (target.user_id === auth.user.id) throw badRequest(MSG.removeSelf);
    await removeMember(this.ctx.db, req.project_id, target.user_id);
    await this.ctx.caches.changed({ kind: 'member', projectId: req.project_id, userId: target.user_id });
    this.ctx.events.revokeAccess({ userId: target.user_id, projectId: req.project_id });
    this.ctx.log.info({ projectId: req.project_id, removed: target.user_id }, 'member removed');
  }
}
