import type { Db } from '../db/database.ts';
import type { Invitation } from '../db/schema.ts';

export interface InvitationView extends Invitation {
  project_name: string;
  sender_email: string;
}

function baseQuery(db: Db) {
  return db
    .selectFrom('invitations')
    .innerJoin('projects', 'projects.id', 'invitations.project_id')
    .innerJoin('users', 'users.id', 'invitations.sent_by')
    .selectAll('invitations')
    .select(['projects.name as project_name', 'users.email as sender_email']);
}

export function findInvitation(db: Db, id: string): Promise<InvitationView | undefined> {
  return baseQuery(db).where('invitations.id', '=', id).executeTakeFirst();
}

export function pendingForEmail(db: Db, email: string): Promise<InvitationView[]> {
  return baseQuery(db)
    .where('invitations.email', '=', email)
    .where('invitations.status', '=', 'pending')
    .orderBy('invitations.created_at', 'desc')
    .execute();
}

export function pendingForProject(db: Db, projectId: string): Promise<Invitation[]> {
  return db
    .selectFrom('invitations')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('status', '=', 'pending')
    .orderBy('created_at', 'asc')
    .execute();
}

export async function insertInvitations(db: Db, rows: Array<Omit<Invitation, 'created_at' | 'responded_at'>>): Promise<void> {
  await db.insertInto('invitations').values(rows).execute();
}

/** Moves a pending invitation to a final status; false when it was no longer pending. */
export async function closeInvitation(db: Db, id: string, status: 'accepted' | 'declined' | 'revoked'): Promise<boolean> {
  const res = await db
    .updateTable('invitations')
    .set({ status, responded_at: new Date() })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export async function revokePendingFor(db: Db, projectId: string, email: string): Promise<number> {
  const res = await db
    .updateTable('invitations')
    .set({ status: 'revoked', responded_at: new Date() })
    .where('project_id', '=', projectId)
    .where('email', '=', email)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}
