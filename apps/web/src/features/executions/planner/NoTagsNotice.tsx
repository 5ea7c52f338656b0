import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { EXECUTION_MESSAGES } from '@stepwise/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { selectionParams } from '../../features/feature-selection';
import { PlainEnglishDialog } from '../../features/plain-english/PlainEnglishDialog';
import { useFeatureList } from '../../features/use-feature-list';
import { CreateScenarioChooser } from '../../features/wizard/CreateScenarioChooser';
import { useStartRecorder } from '../../workspace/use-start-recorder';
import { useWorkspace } from '../../workspace/use-workspace';

/** No tags on the branch: says so, and offers "Create a scenario" (AI Recorder, Gherkin file, Plain English). */
export function NoTagsNotice() {
  const ws = useWorkspace();
  const navigate = useNavigate();
  const startRecorder = useStartRecorder();
  const list = useFeatureList();
  const [choosing, setChoosing] = useState(false);
  const [describing, setDescribing] = useState(false);
  return (
    <>
      <Alert
        severity="info"
        action={
          <Button color="inherit" size="small" onClick={() => setChoosing(true)}>
            Create a scenario
          </Button>
        }
      >
        {EXECUTION_MESSAGES.noTags}
      </Alert>
      {choosing && (
        <CreateScenarioChooser
          onClose={() => setChoosing(false)}
          onRecorder={() => {
            setChoosing(false);
            startRecorder();
          }}
          onGherkin={() => navigate(`/${ws.projectId}/features`)}
          onPlainEnglish={() => {
            setChoosing(false);
            setDescribing(true);
          }}
        />
      )}
      {describing && (
        <PlainEnglishDialog
          tree={list.data?.foldersAndFeatures ?? []}
          folder=""
          feature={null}
          onClose={() => setDescribing(false)}
          onCreated={(path, index) => navigate(`/${ws.projectId}/features?${selectionParams(new URLSearchParams(), path, index)}`)}
        />
      )}
    </>
  );
}
