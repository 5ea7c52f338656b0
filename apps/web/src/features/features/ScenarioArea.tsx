import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import type { FeatureNodeDto } from '@stepwise/shared';
import { useState } from 'react';
import { EmptyState } from '../../components/EmptyState';
import { ParseErrorEditor } from './scenario/ParseErrorEditor';
import { ScenarioPane } from './scenario/ScenarioPane';
import { StepCodeModal } from './step-code/StepCodeModal';

export interface ScenarioAreaProps {
  feature: FeatureNodeDto | undefined;
  scenarioIndex: number | null;
  allTags: string[];
  /** open_step_code=true in the link. */
  openStepCode: boolean;
  onStepCodeChange: (open: boolean) => void;
  onAddScenario: () => void;
  onDeleted: (featureDeleted: boolean) => void;
}

/** Right side of the Features page: the scenario, a file to fix, or a hint. */
export function ScenarioArea({ feature, scenarioIndex, allTags, openStepCode, onStepCodeChange, onAddScenario, onDeleted }: ScenarioAreaProps) {
  const [stepCode, setStepCode] = useState<number | null>(openStepCode ? 0 : null);
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
  const scenario = feature.scenarios[scenarioIndex];
  const open = (step: number) => {
    setStepCode(step);
    onStepCodeChange(true);
  };
  return (
    <>
      <ScenarioPane feature={feature} index={scenarioIndex} allTags={allTags} onOpenStepCode={open} onDeleted={onDeleted} />
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
