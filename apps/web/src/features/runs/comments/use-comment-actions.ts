import { useMutation, useQueryClient } from '@tanstack/react-query';
import { runKeys } from '../run-keys';
import { addComment, deleteComment, updateComment } from '../runs.api';

export type CommentAction = 'add' | 'update' | 'delete';

/** Info banner while a comment action runs (spec 4.12). */
export const COMMENT_BANNERS: Record<CommentAction, string> = {
  add: 'Wait for a second, Comment is adding...',
  update: 'Wait for a second, Comment is updating...',
  delete: 'Wait for a second, Comment is deleting...',
};

export type CommentRequest =
  | { action: 'add'; testCaseId: string; runId: string; username: string; content: string }
  | { action: 'update'; id: string; content: string }
  | { action: 'delete'; id: string };

function send(req: CommentRequest): Promise<void> {
  if (req.action === 'add') return addComment({ testCaseId: req.testCaseId, runId: req.runId, username: req.username, content: req.content });
  if (req.action === 'update') return updateComment(req.id, req.content);
  return deleteComment(req.id);
}

/** Add, update or delete the comment of a scenario in a run; the run (and the scenario) are read again afterwards. */
export function useCommentAction(runId: string, testCaseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: runKeys.run(runId) }),
        queryClient.invalidateQueries({ queryKey: runKeys.testCase(testCaseId) }),
      ]),
  });
}
