import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Button from '@mui/material/Button';
import { UI } from '@stepwise/shared';
import { useEffect, useState } from 'react';
import { copyText } from '../lib/clipboard';

/** Copies `text`; shows 'Copied' for 3 s. */
export function CopyButton({ text, label = 'Copy', ariaLabel }: { text: string; label?: string; ariaLabel?: string }) {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), UI.copyFeedbackMs);
    return () => clearTimeout(timer);
  }, [copied]);

  return (
    <Button
      variant="outlined"
      size="small"
      aria-label={ariaLabel}
      startIcon={copied ? <CheckIcon /> : <ContentCopyIcon />}
      color={copied ? 'success' : 'primary'}
      onClick={async () => setCopied(await copyText(text))}
    >
      {copied ? 'Copied' : label}
    </Button>
  );
}
