import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ChangeTestDataBody, TestDataQuery } from '@stepwise/shared';
import type { AppContext } from '../context.ts';
import { authOf } from '../http/auth-plugin.ts';
import { TestDataService } from './test-data.service.ts';

export const testDataRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const testData = new TestDataService(ctx);
  const ok = { status: 'success' as const };

  app.get('/workspace/testData', { schema: { querystring: TestDataQuery } }, async (req) => {
    const { rows, version } = await testData.get(authOf(req), req.query.projectId, req.query.branch);
    return { ...ok, testData: rows, version };
  });
  app.post('/workspace/changeTestData', { schema: { body: ChangeTestDataBody } }, async (req) => {
    const { projectId, branch, testData: rows, baseVersion } = req.body;
    return { ...ok, error: null, ...(await testData.replace(authOf(req), projectId, branch, rows, baseVersion)) };
  });
};
