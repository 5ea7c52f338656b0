import { IDEA_MSG, stripFeatureExt, type ScenarioCreationResponse } from '@stepwise/shared';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText, isUnauthorized } from '../../../api/client';
import { useToast } from '../../../components/toast/toast-context';
import { trackEvent } from '../../../lib/track-event';
import { useEnvironments } from '../../environments/use-environments';
import { useWorkspace } from '../../workspace/use-workspace';
import { useWriteGuard } from '../../workspace/write-guard';
import type { FeatureNode } from '../features.api';
import { useRefreshBranch } from '../use-feature-list';
import { createScenarioFromIdea, fetchIdeas } from './ideas.api';
import { ideaRows, reviewed, selectionError, type IdeaRow, type ReviewedIdea } from './ideas-state';
import { destination, takenNames, type WizardValues } from './wizard-state';

/**
 * The AI path of the wizard: a description, the ideas the server proposes (chosen and edited here),
 * the review of the Gherkin each becomes, then the scenarios saved one after the other (the server
 * tries each step in a browser, so each takes a few seconds per step).
 */
export function useIdeasWizard(tree: FeatureNode[], values: WizardValues, onCreated: (path: string, scenarioIndex: number | null) => void) {
  const ws = useWorkspace();
  const guard = useWriteGuard();
  const refresh = useRefreshBranch();
  const toast = useToast();
  const envs = useEnvironments().data?.allEnv ?? [];
  const environment = envs.find((e) => e.name === ws.env) ?? null;
  const [description, setDescription] = useState('');
  const [rows, setRows] = useState<IdeaRow[] | null>(null);
  const [checked, setChecked] = useState(false);
  const [review, setReview] = useState<ReviewedIdea[] | null>(null);
  const [saving, setSaving] = useState<string | null>(null);
  const [saved, setSaved] = useState<ReadonlyMap<string, ScenarioCreationResponse>>(new Map());
  const [saveError, setSaveError] = useState<string | null>(null);
  const ideas = useMutation({
    mutationFn: (text: string) => fetchIdeas(ws.ref, text, environment?.name ?? null),
    onSuccess: (list) => {
      setRows(ideaRows(list));
      setChecked(false);
    },
  });

  const generate = () => {
    if (!description.trim() || ideas.isPending || !guard.canWrite()) return;
    trackEvent('click_ai_generate', ws.projectId);
    ideas.mutate(description.trim());
  };

  const validation = checked ? (rows ? selectionError(rows, guard.remaining) : IDEA_MSG.selectOne) : null;

  /** Next on the ideas: the spec's checks, an environment to try the steps at, then the review. */
  const toReview = (): boolean => {
    setChecked(true);
    if (!rows || selectionError(rows, guard.remaining) || !environment) return false;
    setReview(reviewed(rows, takenNames(tree, values)));
    return true;
  };

  async function save() {
    if (!review || !environment || saving !== null) return;
    const done = new Map(saved);
    if (!guard.canAddScenarios(review.length - done.size)) return;
    const { folder, file } = destination(values);
    setSaveError(null);
    for (const idea of review) {
      if (done.has(idea.id)) continue;
      setSaving(idea.id);
      try {
        const res = await createScenarioFromIdea(ws.ref, {
          name: idea.name,
          flow: idea.flow,
          parameters: idea.parameters,
          url: environment.baseUrl,
          environment: environment.name,
          featureName: stripFeatureExt(file),
          parentPath: folder,
        });
        done.set(idea.id, res);
        setSaved(new Map(done));
        trackEvent('create_scenario', ws.projectId);
      } catch (err) {
        setSaving(null);
        if (!isUnauthorized(err)) setSaveError(`${IDEA_MSG.ideasFailed} ${errorText(err)}`);
        await refresh();
        return;
      }
    }
    setSaving(null);
    await refresh();
    toast.success(review.length === 1 ? 'Scenario created' : `${review.length} scenarios created`);
    const first = done.get(review[0].id)!;
    onCreated(first.path, first.scenarioIndex);
  }

  return {
    env: environment?.name ?? null,
    description,
    setDescription,
    rows,
    setRows,
    generate,
    generating: ideas.isPending,
    fetchError: ideas.isError && !isUnauthorized(ideas.error) ? errorText(ideas.error) : null,
    validation,
    checked,
    allowance: guard.remaining,
    toReview,
    review,
    save,
    saving,
    savedIds: new Set(saved.keys()),
    started: saved.size > 0 || saving !== null,
    saveError,
  };
}
