import AddCommentOutlinedIcon from '@mui/icons-material/AddCommentOutlined';
import CommentIcon from '@mui/icons-material/Comment';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { CommentDto } from '@stepwise/shared';
import type { MouseEvent } from 'react';

interface Props {
  comment: CommentDto | null;
  onOpen: () => void;
  /** A labelled button (scenario page) rather than an icon with the text beside it (table cell). */
  variant?: 'cell' | 'button';
}

/** Opens the comment modal; shows the saved comment's text. Clicks do not reach the row below. */
export function CommentButton({ comment, onOpen, variant = 'cell' }: Props) {
  const label = comment ? 'Edit comment' : 'Add comment';
  const open = (e: MouseEvent) => {
    e.stopPropagation();
    onOpen();
  };
  if (variant === 'button') {
    return (
      <Button size="small" variant="outlined" startIcon={comment ? <CommentIcon /> : <AddCommentOutlinedIcon />} onClick={open}>
        {label}
      </Button>
    );
  }
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', minWidth: 0 }}>
      <Tooltip title={label}>
        <IconButton size="small" aria-label={label} onClick={open} color={comment ? 'primary' : 'default'}>
          {comment ? <CommentIcon fontSize="small" /> : <AddCommentOutlinedIcon fontSize="small" />}
        </IconButton>
      </Tooltip>
      {comment && (
        <Typography variant="body2" noWrap title={comment.content} data-testid="comment-text" sx={{ maxWidth: 160 }}>
          {comment.content}
        </Typography>
      )}
    </Stack>
  );
}
