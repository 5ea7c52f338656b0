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
  /** What each side holds, read out after ariaLabel (default: saved code, your changes). */
  sideLabels?: readonly [string, string];
}

const DEFAULT_SIDES = ['saved code', 'your changes'] as const;

/** Side-by-side, read-only diff of two texts (CodeMirror merge view). */
export function DiffView({ original, modified, language, ariaLabel, maxHeight = 520, sideLabels = DEFAULT_SIDES }: DiffViewProps) {
  const host = useRef<HTMLDivElement>(null);
  const [before, after] = sideLabels;

  useEffect(() => {
    const side = (doc: string, label: string) => ({
      doc,
      extensions: [...baseExtensions(language), EditorState.readOnly.of(true), EditorView.editable.of(false), EditorView.contentAttributes.of({ 'aria-label': label })],
    });
    const merge = new MergeView({
      a: side(original, `${ariaLabel}: ${before}`),
      b: side(modified, `${ariaLabel}: ${after}`),
      parent: host.current!,
      collapseUnchanged: { margin: 3, minSize: 6 },
      gutter: true,
    });
    return () => merge.destroy();
  }, [original, modified, language, ariaLabel, before, after]);

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
