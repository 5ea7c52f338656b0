import AddIcon from '@mui/icons-material/Add';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';

interface Props {
  onCiCd: () => void;
  onNpmrc: () => void;
  onPlan: () => void;
}

/** "Executions" with its Beta badge, the CI/CD link, the npmrc settings and "Plan an execution". */
export function ExecutionsHeader({ onCiCd, onNpmrc, onPlan }: Props) {
  return (
    <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 2.5, flexWrap: 'wrap' }}>
      <Box>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="h4" component="h1">
            Executions
          </Typography>
          <Chip label="Beta" size="small" color="secondary" sx={{ fontWeight: 700 }} />
        </Stack>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          Bundle scenarios into flows, give them threads, schedule them and watch them run.
        </Typography>
      </Box>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <Link component="button" type="button" onClick={onCiCd} underline="hover" sx={{ fontWeight: 500 }}>
          How to run in CI/CD
        </Link>
        <Tooltip title="npmrc settings">
          <IconButton aria-label="npmrc settings" onClick={onNpmrc}>
            <SettingsOutlinedIcon />
          </IconButton>
        </Tooltip>
        <Button variant="contained" startIcon={<AddIcon />} onClick={onPlan}>
          Plan an execution
        </Button>
      </Stack>
    </Stack>
  );
}
