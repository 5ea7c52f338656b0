import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { UI } from '@stepwise/shared';
import { useEffect, useState } from 'react';
import { copyText } from '../../lib/clipboard';

/** A masked value with show/hide and copy (copy feedback lasts 3 s). */
export function SecretValue({ value, label }: { value: string; label: string }) {
  const [shown, setShown] = useState(false);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), UI.copyFeedbackMs);
    return () => clearTimeout(t);
  }, [copied]);

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
      <Typography variant="body2" sx={{ fontFamily: 'monospace', flex: 1, overflow: 'hidden', textOverflow: 'ellipsis' }} aria-label={shown ? undefined : `${label} (hidden)`}>
        {shown ? value : '••••••••'}
      </Typography>
      <Tooltip title={shown ? 'Hide' : 'Show'}>
        <IconButton size="small" aria-label={`${shown ? 'Hide' : 'Show'} ${label}`} onClick={() => setShown(!shown)}>
          {shown ? <VisibilityOffIcon fontSize="small" /> : <VisibilityIcon fontSize="small" />}
        </IconButton>
      </Tooltip>
      <Tooltip title={copied ? 'Copied' : 'Copy'} open={copied || undefined}>
        <IconButton size="small" aria-label={`Copy ${label}`} color={copied ? 'success' : 'default'} onClick={async () => setCopied(await copyText(value))}>
          {copied ? <CheckIcon fontSize="small" /> : <ContentCopyIcon fontSize="small" />}
        </IconButton>
      </Tooltip>
    </Box>
  );
}
