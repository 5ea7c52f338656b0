// The parser's keyword table of every language (~80 kB), as a separate file fetched only for a feature
// written in another language than English (a JSON import would land in the vendor chunk of every page).
import dialectsUrl from '@cucumber/gherkin/dist/gherkin-languages.json?url';
import { useEffect, useState } from 'react';

/** The keywords of one Gherkin language that the scenario text helpers need. */
export interface GherkinKeywords {
  /** Title words of a Scenario ('Scenario', 'Example'). */
  scenario: string[];
  /** Title words of a Scenario Outline ('Scenario Outline', 'Scenario Template'). */
  scenarioOutline: string[];
  examples: string[];
  /** Step keywords as written, each with its trailing space or apostrophe ('Given ', "Lorsqu'"), longest first. */
  steps: string[];
}

interface Dialect {
  scenario: string[];
  scenarioOutline: string[];
  examples: string[];
  given: string[];
  when: string[];
  then: string[];
  and: string[];
  but: string[];
}

/** Longest first, as the Gherkin parser tries them. */
const sortSteps = (d: Dialect) => [...new Set([...d.given, ...d.when, ...d.then, ...d.and, ...d.but])].sort((a, b) => b.length - a.length);

const keywordsOf = (d: Dialect): GherkinKeywords => ({ scenario: d.scenario, scenarioOutline: d.scenarioOutline, examples: d.examples, steps: sortSteps(d) });

/** English, the parser's default (the same words as its dialect table). */
export const ENGLISH: GherkinKeywords = keywordsOf({
  scenario: ['Example', 'Scenario'],
  scenarioOutline: ['Scenario Outline', 'Scenario Template'],
  examples: ['Examples', 'Scenarios'],
  given: ['* ', 'Given '],
  when: ['* ', 'When '],
  then: ['* ', 'Then '],
  and: ['* ', 'And '],
  but: ['* ', 'But '],
});

const LANGUAGE = /^\s*#\s*language\s*:\s*([a-zA-Z\-_]+)\s*$/;

/** The `# language:` header of a feature file (comment lines before anything else), 'en' without one. */
export function featureLanguage(content: string): string {
  for (const line of content.split(/\r?\n/)) {
    if (!line.trim()) continue;
    const match = LANGUAGE.exec(line);
    if (match) return match[1];
    if (!line.trim().startsWith('#')) break;
  }
  return 'en';
}

const loaded = new Map<string, GherkinKeywords>([['en', ENGLISH]]);
let table: Promise<Record<string, Dialect>> | null = null;

/** The keywords of a language; the parser's table of every language is fetched the first time one is not English. */
export async function loadKeywords(language: string): Promise<GherkinKeywords> {
  const known = loaded.get(language);
  if (known) return known;
  table ??= fetch(dialectsUrl)
    .then((res) => {
      if (!res.ok) throw new Error(`Gherkin languages: HTTP ${res.status}`);
      return res.json() as Promise<Record<string, Dialect>>;
    })
    .catch((err: unknown) => {
      table = null; // tried again next time
      throw err;
    });
  const dialect = (await table)[language];
  // A language the parser does not know makes the file a parse error: it is then shown as a whole file.
  const keywords = dialect ? keywordsOf(dialect) : ENGLISH;
  loaded.set(language, keywords);
  return keywords;
}

/** Keywords of the feature's language: at once for English (or a language loaded before), else after loading. */
export function useGherkinKeywords(content: string | undefined): GherkinKeywords | undefined {
  const language = featureLanguage(content ?? '');
  const [state, setState] = useState<{ language: string; keywords: GherkinKeywords } | null>(null);
  const ready = loaded.get(language) ?? (state?.language === language ? state.keywords : undefined);
  useEffect(() => {
    if (ready) return;
    let live = true;
    loadKeywords(language).then(
      (keywords) => live && setState({ language, keywords }),
      () => live && setState({ language, keywords: ENGLISH }),
    );
    return () => {
      live = false;
    };
  }, [language, ready]);
  return ready;
}
