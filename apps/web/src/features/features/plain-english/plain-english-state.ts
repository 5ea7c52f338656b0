import type { ChipProps } from '@mui/material/Chip';
import { scenarioNameError, stripFeatureExt, type GeneratedStepDto } from '@stepwise/shared';
import type { FeatureNode } from '../features.api';
import { destination, featureStepError, finalScenarioName, initialValues, type WizardValues } from '../wizard/wizard-state';
import type { PlainEnglishInput } from './plain-english.api';

export interface PlainEnglishValues extends WizardValues {
  text: string;
}

export const TEXT_MAX = 20_000;

export const TEXT_PLACEHOLDER = [
  'One step per line, for example:',
  'I go to the home page',
  'I search for "mug"',
  'I open the "Ceramic Coffee Mug" product',
  'I add it to the cart',
  'The cart total should be "$12.50"',
].join('\n');

/** Shown in turn while the server works: it gives no progress of its own until it answers. */
export const PROGRESS_TEXTS = [
  'Opening the application...',
  'Reading the page...',
  'Generating the step code...',
  'Trying the steps in the browser...',
  'Saving the scenario...',
] as const;

export const SOURCE_CHIPS: Record<GeneratedStepDto['source'], { label: string; color: ChipProps['color']; title: string }> = {
  existing: { label: 'LIBRARY', color: 'primary', title: 'An existing step of the library or the workspace' },
  ai: { label: 'AI', color: 'secondary', title: 'Step code generated from the page, passed in the browser' },
  stub: { label: 'TODO', color: 'warning', title: 'No code passed: a stub to write by hand' },
};

export function initialPlainEnglish(tree: FeatureNode[], folder: string, feature: string | null): PlainEnglishValues {
  return { ...initialValues(tree, folder, feature), text: '' };
}

export interface PlainEnglishErrors {
  feature: string | null;
  scenario: string | null;
  text: string | null;
}

export function formErrors(tree: FeatureNode[], v: PlainEnglishValues): PlainEnglishErrors {
  const text = v.text.trim();
  return {
    feature: featureStepError(tree, v),
    scenario: scenarioNameError(v.scenarioName),
    text: !text ? 'Describe the scenario in English first' : text.length > TEXT_MAX ? `At most ${TEXT_MAX.toLocaleString('en-US')} characters` : null,
  };
}

export const hasErrors = (e: PlainEnglishErrors) => !!(e.feature || e.scenario || e.text);

/** The lines that will become steps (a single line of sentences counts as one here). */
export function lineCount(text: string): number {
  return text.split(/\r?\n/).filter((l) => l.trim()).length;
}

/** The call's fields: the feature's folder and name (without .feature), the scenario name made unique in it. */
export function plainEnglishInput(tree: FeatureNode[], v: PlainEnglishValues, environment: string): PlainEnglishInput {
  const { folder, file } = destination(v);
  return { environment, featureName: stripFeatureExt(file), parentPath: folder, scenarioName: finalScenarioName(tree, v), text: v.text.trim() };
}
