import Box from '@mui/material/Box';

/** "12 passed · 3 failed", each count in its status colour. */
export function ExecutionSplit({ passed, failed }: { passed: number; failed: number }) {
  return (
    <>
      <Box component="span" sx={{ color: passed > 0 ? 'success.main' : undefined, fontWeight: 600 }}>
        {passed.toLocaleString('en-US')} passed
      </Box>
      {' · '}
      <Box component="span" sx={{ color: failed > 0 ? 'error.main' : undefined, fontWeight: 600 }}>
        {failed.toLocaleString('en-US')} failed
      </Box>
    </>
  );
}
