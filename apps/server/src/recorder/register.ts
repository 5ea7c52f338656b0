import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { guacRoutes } from './guac.routes.ts';
import { recorderRoutes } from './recorder.routes.ts';
import { recorderSessions } from './recorder-sessions.ts';

/** The recorder's /api routes (guac/* sessions, recorder/save); its sessions end when the app closes. */
export async function registerRecorder(api: FastifyInstance, ctx: AppContext): Promise<void> {
  await api.register(guacRoutes, { ctx });
  await api.register(recorderRoutes, { ctx });
  api.addHook('onClose', () => recorderSessions(ctx).closeAll());
}
