import Box from '@mui/material/Box';

/** Pretty-printed JSON (or plain text) in a scrollable monospace block. */
export function CodeBlock({ value, label }: { value: unknown; label: string }) {
  const text = typeof value === 'string' ? value : JSON.stringify(value ?? null, null, 2);
  return (
    <Box
      component="pre"
      aria-label={label}
      sx={{ m: 0, p: 1.5, bgcolor: 'grey.50', border: 1, borderColor: 'divider', borderRadius: 1, fontSize: 12, maxHeight: 420, overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
    >
      {text}
    </Box>
  );
}
