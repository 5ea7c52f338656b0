import { z } from 'zod';
import { LOG_TYPES, TRACKED_EVENTS } from '../constants.ts';

export const LogEntry = z.object({
  sessionId: z.string().max(100).optional(),
  name: z.string().max(200),
  eventType: z.string().max(100).optional(),
  page: z.string().max(500).optional(),
  module: z.string().max(100).optional(),
  logType: z.enum(LOG_TYPES),
  message: z.string().max(4000).optional(),
  timestamp: z.string().max(40).optional(),
});
export type LogEntry = z.infer<typeof LogEntry>;
export const LogBody = z.object({ logs: z.array(LogEntry).min(1).max(100) });
export const EventBody = z.object({ event: z.enum(TRACKED_EVENTS), projectId: z.string().max(64).optional() });
