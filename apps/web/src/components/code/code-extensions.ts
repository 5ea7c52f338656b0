import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { javascript } from '@codemirror/lang-javascript';
import { bracketMatching, defaultHighlightStyle, indentOnInput, StreamLanguage, syntaxHighlighting } from '@codemirror/language';
import { gherkin } from '@codemirror/legacy-modes/mode/gherkin';
import type { Extension } from '@codemirror/state';
import { drawSelection, EditorView, highlightActiveLine, highlightActiveLineGutter, keymap, lineNumbers } from '@codemirror/view';

export type CodeLanguage = 'gherkin' | 'javascript';

const gherkinLanguage = StreamLanguage.define(gherkin);

const theme = EditorView.theme({
  '&': { fontSize: '13px', backgroundColor: '#fff' },
  '.cm-content': { fontFamily: '"JetBrains Mono", "Fira Code", Menlo, Consolas, monospace' },
  '.cm-gutters': { backgroundColor: '#f5f7fa', color: '#8a96a3', borderRight: '1px solid #e3e8ef' },
  '&.cm-focused': { outline: '2px solid #5b84ad' },
  '.cm-scroller': { overflow: 'auto' },
});

/** Editor basics shared by every code view: line numbers, highlighting, history and keys. */
export function baseExtensions(language: CodeLanguage): Extension[] {
  return [
    lineNumbers(),
    highlightActiveLineGutter(),
    highlightActiveLine(),
    drawSelection(),
    history(),
    indentOnInput(),
    bracketMatching(),
    syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
    keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
    language === 'gherkin' ? gherkinLanguage : javascript(),
    EditorView.lineWrapping,
    theme,
  ];
}
