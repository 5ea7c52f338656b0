import ApiOutlinedIcon from '@mui/icons-material/ApiOutlined';
import AutoAwesomeOutlinedIcon from '@mui/icons-material/AutoAwesomeOutlined';
import CodeIcon from '@mui/icons-material/Code';
import CommentOutlinedIcon from '@mui/icons-material/CommentOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { BUILTIN_STEPS_FILE, STEP_SOURCE_LABELS, type StepInfoDto } from '@stepwise/shared';
import type { ReactElement } from 'react';

export interface StepBarProps {
  keyword: string;
  text: string;
  info: StepInfoDto | undefined;
  /** False while the implemented-steps list is loading. */
  known: boolean;
  onComment: () => void;
  /** Generate code with AI for this step (only offered while it has none). */
  onGenerate: () => void;
  onImplementApi: () => void;
  onViewCode: () => void;
}

function Action({ label, hint, icon, disabled, onClick }: { label: string; hint?: string; icon: ReactElement; disabled?: boolean; onClick?: () => void }) {
  return (
    <Tooltip title={hint ?? label}>
      <span>
        <IconButton size="small" aria-label={label} disabled={disabled} onClick={onClick}>
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
}

/** One step with its implemented marker and actions: Generate, Comment, Implement via API, View code. */
export function StepBar({ keyword, text, info, known, onComment, onGenerate, onImplementApi, onViewCode }: StepBarProps) {
  const implemented = info?.implemented ?? false;
  const label = info?.source ? STEP_SOURCE_LABELS[info.source] : null;
  const predefined = info?.mjsFile === BUILTIN_STEPS_FILE;
  const generateHint = !known ? 'Generate: checking whether the step has code' : implemented ? 'Generate: this step has code already (View code to change it)' : 'Generate code with AI';
  return (
    <Box role="listitem" aria-label={`${keyword.trim()} ${text}`} sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.5, px: 1, borderRadius: 1, '&:hover': { bgcolor: 'action.hover' } }}>
      {!known ? (
        <Chip size="small" variant="outlined" label="…" aria-label="Checking implementation" sx={{ minWidth: 56 }} />
      ) : implemented ? (
        <Chip size="small" color="success" variant="outlined" label={label ?? 'OK'} aria-label={`Implemented${label ? ` (${label})` : ''}`} sx={{ minWidth: 56, fontWeight: 700 }} />
      ) : (
        <Chip size="small" color="warning" variant="outlined" label="TODO" aria-label="Not implemented" sx={{ minWidth: 56, fontWeight: 700 }} />
      )}
      <Typography variant="body2" sx={{ flex: 1, fontFamily: 'monospace', wordBreak: 'break-word' }}>
        <Box component="span" sx={{ color: 'primary.main', fontWeight: 700 }}>
          {keyword.trim()}
        </Box>{' '}
        {text}
      </Typography>
      <Action label="Generate" hint={generateHint} icon={<AutoAwesomeOutlinedIcon fontSize="small" />} disabled={!known || implemented} onClick={onGenerate} />
      <Action label="Comment" icon={<CommentOutlinedIcon fontSize="small" />} onClick={onComment} />
      <Action
        label="Implement via API"
        hint={predefined ? 'Predefined steps cannot be implemented via API' : 'Implement via API'}
        icon={<ApiOutlinedIcon fontSize="small" />}
        disabled={predefined}
        onClick={onImplementApi}
      />
      <Action label="View code" icon={<CodeIcon fontSize="small" />} onClick={onViewCode} />
    </Box>
  );
}
