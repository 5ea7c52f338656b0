import Box from '@mui/material/Box';
import { Compartment, EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { useEffect, useRef } from 'react';
import { baseExtensions, type CodeLanguage } from './code-extensions';

export interface CodeEditorProps {
  value: string;
  language: CodeLanguage;
  readOnly?: boolean;
  onChange?: (value: string) => void;
  /** Accessible name of the editing area. */
  ariaLabel: string;
  minHeight?: number | string;
  maxHeight?: number | string;
  /** 1-based line to scroll to and select once the document is shown. */
  focusLine?: number | null;
}

/** CodeMirror 6 editor (read-only or editable) with Gherkin or JavaScript highlighting. */
export function CodeEditor({ value, language, readOnly = false, onChange, ariaLabel, minHeight = 120, maxHeight, focusLine }: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const editable = useRef(new Compartment());
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    const state = EditorState.create({
      doc: value,
      extensions: [
        ...baseExtensions(language),
        editable.current.of([EditorState.readOnly.of(readOnly), EditorView.editable.of(!readOnly)]),
        EditorView.contentAttributes.of({ 'aria-label': ariaLabel }),
        EditorView.updateListener.of((u) => {
          if (u.docChanged) onChangeRef.current?.(u.state.doc.toString());
        }),
      ],
    });
    view.current = new EditorView({ state, parent: host.current! });
    return () => {
      view.current?.destroy();
      view.current = null;
    };
    // The view is built once per language and label; value and readOnly are synced below.
  }, [language, ariaLabel]);

  useEffect(() => {
    const v = view.current;
    if (v && v.state.doc.toString() !== value) v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: value } });
  }, [value]);

  useEffect(() => {
    const v = view.current;
    if (!v) return;
    v.dispatch({ effects: editable.current.reconfigure([EditorState.readOnly.of(readOnly), EditorView.editable.of(!readOnly)]) });
    // Switching to editing puts the caret in the editor, ready to type.
    if (!readOnly && v.state.doc.length > 0 && !v.hasFocus) v.focus();
  }, [readOnly]);

  useEffect(() => {
    const v = view.current;
    if (!v || !focusLine || focusLine > v.state.doc.lines) return;
    const line = v.state.doc.line(focusLine);
    v.dispatch({ selection: { anchor: line.from, head: line.to }, effects: EditorView.scrollIntoView(line.from, { y: 'center' }) });
  }, [focusLine]);

  return (
    <Box
      ref={host}
      data-testid="code-editor"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden', '& .cm-editor': { minHeight, maxHeight }, '& .cm-scroller': { minHeight } }}
    />
  );
}
