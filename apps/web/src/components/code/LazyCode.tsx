import Box from '@mui/material/Box';
import { lazy, Suspense } from 'react';
import type { CodeEditorProps } from './CodeEditor';
import type { DiffViewProps } from './DiffView';

/**
 * The code editor and the diff view, loaded with CodeMirror (the largest chunk of the app, ~150 KB
 * gzip) the first time one is shown rather than with the page that may show one: the features page
 * opens without it. Until it is in, a box of the editor's own size holds its place.
 */
const Editor = lazy(async () => ({ default: (await import('./CodeEditor')).CodeEditor }));
const Diff = lazy(async () => ({ default: (await import('./DiffView')).DiffView }));

function Placeholder({ minHeight }: { minHeight: number | string }) {
  return <Box role="progressbar" aria-label="Loading the code editor" sx={{ minHeight, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'action.hover' }} />;
}

export function CodeEditor(props: CodeEditorProps) {
  return (
    <Suspense fallback={<Placeholder minHeight={props.minHeight ?? 120} />}>
      <Editor {...props} />
    </Suspense>
  );
}

export function DiffView(props: DiffViewProps) {
  return (
    <Suspense fallback={<Placeholder minHeight={160} />}>
      <Diff {...props} />
    </Suspense>
  );
}
