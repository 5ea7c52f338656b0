import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useState } from 'react';
import { errorText, isUnauthorized } from '../../api/client';
import { useStartRecorder } from '../workspace/use-start-recorder';
import { useWorkspace } from '../workspace/use-workspace';
import { useWriteGuard } from '../workspace/write-guard';
import { featureSearchStore } from './feature-search';
import { readScenarioView, SCENARIO_VIEW_PARAM } from './feature-selection';
import { FeaturesEmptyState } from './FeaturesEmptyState';
import { OnboardingTour } from './OnboardingTour';
import { PlainEnglishDialog } from './plain-english/PlainEnglishDialog';
import { ScenarioArea } from './ScenarioArea';
import { Navigator } from './tree/Navigator';
import { allFeatures } from './tree-model';
import { useFeatureList } from './use-feature-list';
import { useFeatureSelection } from './use-feature-selection';
import { AddScenarioWizard } from './wizard/AddScenarioWizard';
import { CreateScenarioChooser } from './wizard/CreateScenarioChooser';

type Target = { folder: string; feature: string | null };

/** /:projectId/features: the navigator tree and the selected scenario. */
export function FeaturesPage() {
  const { branch } = useWorkspace();
  const list = useFeatureList();
  const filter = featureSearchStore.use();
  const s = useFeatureSelection(list.data);
  const guard = useWriteGuard();
  const startRecorder = useStartRecorder();
  const [choosing, setChoosing] = useState<Target | null>(null);
  const [adding, setAdding] = useState<Target | null>(null);
  const [describing, setDescribing] = useState<Target | null>(null);
  const hasFeatures = allFeatures(s.tree).length > 0;

  const addScenario = (target: Target) => guard.canAddScenarios() && setChoosing(target);
  if (list.isLoading) return <CircularProgress sx={{ m: 4 }} aria-label="Loading features" />;
  if (list.isError && !list.data) {
    if (isUnauthorized(list.error)) return null;
    return (
      <Alert severity="error" sx={{ m: 3 }} action={<Button onClick={() => list.refetch()}>Retry</Button>}>
        {errorText(list.error)}
      </Alert>
    );
  }

  return (
    <Box sx={{ display: 'flex', height: '100%', minHeight: 0 }}>
      <Box data-tour="navigator" sx={{ width: 320, flexShrink: 0, borderRight: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
        <Navigator
          tree={s.tree}
          allTags={list.data?.allTags ?? []}
          expanded={s.expanded}
          onToggle={s.toggle}
          filter={filter}
          selectedId={s.selectedId}
          // The header's Add scenario (no target) adds to the feature that is open, as a person expects.
          onAddScenario={(t) => addScenario(t.feature === null && t.folder === '' && s.feature ? { folder: s.feature.parents.join('/'), feature: s.feature.path } : t)}
          onPathChanged={s.onPathChanged}
          onSelect={(item) => {
            if (item.kind === 'scenario') return s.select(item.feature.path, item.index);
            s.toggle(item.id);
            if (item.kind === 'feature') s.select(item.node.path, item.node.scenarios?.length ? 0 : null);
            else s.select(null, null, item.node.path);
          }}
        />
      </Box>
      <Box sx={{ flex: 1, minWidth: 0, overflowY: 'auto', p: 3 }}>
        {!hasFeatures && !s.feature ? (
          <FeaturesEmptyState onManual={() => addScenario({ folder: s.folder, feature: null })} onIdeas={() => guard.canAddScenarios() && setAdding({ folder: s.folder, feature: null })} onRecord={() => startRecorder()} />
        ) : (
          <ScenarioArea
            key={`${branch}:${s.feature?.path}#${s.scenarioIndex}`}
            feature={s.feature}
            scenarioIndex={s.scenarioIndex}
            allTags={list.data?.allTags ?? []}
            view={readScenarioView(s.params)}
            onViewChange={(view) => s.setParam(SCENARIO_VIEW_PARAM, view)}
            openStepCode={s.params.get('open_step_code') === 'true'}
            onStepCodeChange={(open) => s.setParam('open_step_code', open ? 'true' : null)}
            onAddScenario={() => addScenario({ folder: s.folder, feature: s.feature?.path ?? null })}
            onDeleted={(featureDeleted) => s.select(featureDeleted ? null : s.feature!.path, featureDeleted ? null : 0)}
          />
        )}
      </Box>
      {choosing && (
        <CreateScenarioChooser
          onClose={() => setChoosing(null)}
          onRecorder={() => {
            setChoosing(null);
            startRecorder({ featurePath: choosing.feature });
          }}
          onGherkin={() => {
            setAdding(choosing);
            setChoosing(null);
          }}
          onPlainEnglish={() => {
            setDescribing(choosing);
            setChoosing(null);
          }}
        />
      )}
      {adding && (
        <AddScenarioWizard
          tree={s.tree}
          folder={adding.folder}
          feature={adding.feature}
          onClose={() => setAdding(null)}
          onCreated={(path, index) => {
            setAdding(null);
            s.select(path, index);
          }}
        />
      )}
      {describing && (
        <PlainEnglishDialog
          tree={s.tree}
          folder={describing.folder}
          feature={describing.feature}
          onClose={() => setDescribing(null)}
          onCreated={(path, index) => {
            setDescribing(null);
            s.select(path, index);
          }}
        />
      )}
      {s.params.has('newUser') && <OnboardingTour onDone={() => s.setParam('newUser', null)} />}
    </Box>
  );
}
