import Box from '@mui/material/Box';
import { MergeView } from '@codemirror/merge';
import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { useEffect, useRef } from 'react';
import { baseExtensions, type CodeLanguage } from './code-extensions';

export interface DiffViewProps {
  original: string;
  modified: string;
  language: CodeLanguage;
  ariaLabel: string;
  maxHeight?: number | string;
}

/** Side-by-side, read-only diff of two texts (CodeMirror merge view). */
export function DiffView({ original, modified, language, ariaLabel, maxHeight = 520 }: DiffViewProps) {
  const host = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const side = (doc: string, label: string) => ({
      doc,
      extensions: [...baseExtensions(language), EditorState.readOnly.of(true), EditorView.editable.of(false), EditorView.contentAttributes.of({ 'aria-label': label })],
    });
    const merge = new MergeView({
      a: side(original, `${ariaLabel}: saved code`),
      b: side(modified, `${ariaLabel}: your changes`),
      parent: host.current!,
      collapseUnchanged: { margin: 3, minSize: 6 },
      gutter: true,
    });
    return () => merge.destroy();
  }, [original, modified, language, ariaLabel]);

  return (
    <Box
      ref={host}
      role="group"
      aria-label={ariaLabel}
      data-testid="diff-view"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'auto', maxHeight, '& .cm-mergeView': { maxHeight } }}
    />
  );
}
