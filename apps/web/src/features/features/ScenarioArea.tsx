import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useState } from 'react';
import { EmptyState } from '../../components/EmptyState';
import type { ScenarioViewOption } from './feature-selection';
import type { FeatureNode } from './features.api';
import { useGherkinKeywords } from './gherkin-dialect';
import { scenarioView } from './scenario-content';
import { ParseErrorEditor } from './scenario/ParseErrorEditor';
import { ScenarioPane } from './scenario/ScenarioPane';
import { StepCodeModal } from './step-code/StepCodeModal';

export interface ScenarioAreaProps {
  feature: FeatureNode | undefined;
  scenarioIndex: number | null;
  allTags: string[];
  /** scenario-view-toggle-option in the link. */
  view: ScenarioViewOption;
  onViewChange: (view: ScenarioViewOption) => void;
  /** open_step_code=true in the link. */
  openStepCode: boolean;
  onStepCodeChange: (open: boolean) => void;
  onAddScenario: () => void;
  onDeleted: (featureDeleted: boolean) => void;
}

/** Right side of the Features page: the scenario, a file to fix, or a hint. */
export function ScenarioArea({ feature, scenarioIndex, allTags, view, onViewChange, openStepCode, onStepCodeChange, onAddScenario, onDeleted }: ScenarioAreaProps) {
  const [stepCode, setStepCode] = useState<number | null>(openStepCode ? 0 : null);
  const keywords = useGherkinKeywords(feature?.content);
  if (!feature) return <EmptyState title="Select a scenario" text="Choose a scenario in the navigator, or add a new one." />;
  if (feature.parseError) return <ParseErrorEditor key={feature.path} feature={feature} />;
  if (scenarioIndex === null || !feature.scenarios?.[scenarioIndex]) {
    return (
      <EmptyState
        title="This feature has no scenarios yet"
        text={feature.path}
        action={<Button variant="contained" startIcon={<AddIcon />} onClick={onAddScenario}>Add scenario</Button>}
      />
    );
  }
  // The scenario's text and steps are cut from the feature's content, in the keywords of its language.
  const scenario = keywords && scenarioView(feature, scenarioIndex, keywords);
  if (!keywords || !scenario) return <CircularProgress sx={{ m: 4 }} aria-label="Loading scenario" />;
  const open = (step: number) => {
    setStepCode(step);
    onStepCodeChange(true);
  };
  return (
    <>
      <ScenarioPane
        feature={feature}
        index={scenarioIndex}
        scenario={scenario}
        keywords={keywords}
        allTags={allTags}
        view={view}
        onViewChange={onViewChange}
        onOpenStepCode={open}
        onDeleted={onDeleted}
      />
      {stepCode !== null && (
        <StepCodeModal
          featurePath={feature.path}
          scenarioName={scenario.name}
          initialStep={stepCode}
          onClose={() => {
            setStepCode(null);
            onStepCodeChange(false);
          }}
        />
      )}
    </>
  );
}
