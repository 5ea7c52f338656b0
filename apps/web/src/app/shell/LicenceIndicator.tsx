import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { UI } from '@stepwise/shared';
import { useEffect, useState } from 'react';
import { useCurrentProject, useProjectExpiry } from '../../features/projects/use-projects';
import { ExpiredPlanDialog } from './ExpiredPlanDialog';
import { UpgradeDialog } from './UpgradeDialog';

const shownExpired = new Set<string>();

/** Freemium: Upgrade prompt. Otherwise "{days+1} days left" when 13 or fewer remain; expired: dialog. */
export function LicenceIndicator() {
  const project = useCurrentProject();
  const expiry = useProjectExpiry(project?._id).data;
  const [upgradeOpen, setUpgradeOpen] = useState(false);
  const [expiredOpen, setExpiredOpen] = useState(false);

  const plan = expiry?.plan ?? project?.plan;
  const days = expiry ? expiry.time_left.days : (project?.time_left.days ?? null);
  const expired = expiry?.is_expired ?? project?.is_expired ?? false;

  useEffect(() => {
    if (project && expired && !shownExpired.has(project._id)) {
      shownExpired.add(project._id);
      setExpiredOpen(true);
    }
  }, [project, expired]);

  if (!project) return null;
  let indicator = null;
  if (expired) {
    indicator = <Chip label="Plan expired" color="error" size="small" onClick={() => setExpiredOpen(true)} />;
  } else if (plan === 'Freemium') {
    indicator = (
      <Button variant="contained" color="secondary" size="small" onClick={() => setUpgradeOpen(true)}>
        Upgrade
      </Button>
    );
  } else if (days !== null && days !== undefined && days <= UI.licenceWarnDays) {
    indicator = (
      <Chip
        label={`${days + 1} days left`}
        color={days <= UI.licenceDangerDays ? 'error' : 'warning'}
        size="small"
        variant="outlined"
        sx={{ fontWeight: 600 }}
      />
    );
  }
  return (
    <>
      {indicator}
      <UpgradeDialog open={upgradeOpen} onClose={() => setUpgradeOpen(false)} />
      <ExpiredPlanDialog open={expiredOpen} projectName={project.name} onClose={() => setExpiredOpen(false)} />
    </>
  );
}
