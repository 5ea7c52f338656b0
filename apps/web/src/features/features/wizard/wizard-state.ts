import { featureNameError, scenarioNameError, stripFeatureExt, uniqueName } from '@stepwise/shared';
import type { FeatureNode } from '../features.api';
import { allFeatures, childrenAt, findNode } from '../tree-model';

export interface WizardValues {
  mode: 'manual' | 'ai';
  target: 'existing' | 'new';
  /** Path of the chosen existing feature. */
  featurePath: string;
  /** Folder and name of a new feature. */
  folder: string;
  featureName: string;
  scenarioName: string;
}

/** Where a new scenario goes: an existing feature, or a new one (folder and name). */
export type FeatureChoice = Pick<WizardValues, 'target' | 'featurePath' | 'folder' | 'featureName'>;

export function initialValues(tree: FeatureNode[], folder: string, feature: string | null): WizardValues {
  const hasFeatures = allFeatures(tree).length > 0;
  return { mode: 'manual', target: feature || (hasFeatures && !folder) ? 'existing' : 'new', featurePath: feature ?? '', folder, featureName: '', scenarioName: '' };
}

export function featureStepError(tree: FeatureNode[], v: FeatureChoice): string | null {
  if (v.target === 'existing') return v.featurePath && findNode(tree, v.featurePath) ? null : 'Please select a feature.';
  const siblings = childrenAt(tree, v.folder).filter((n) => !n.isFolder).map((n) => n.name);
  return featureNameError(v.featureName, siblings);
}

/** Names of the scenarios already in the target feature. */
export function takenNames(tree: FeatureNode[], v: Pick<WizardValues, 'target' | 'featurePath'>): string[] {
  if (v.target !== 'existing') return [];
  return (findNode(tree, v.featurePath)?.scenarios ?? []).map((s) => s.name);
}

export function scenarioStepError(v: WizardValues): string | null {
  return scenarioNameError(v.scenarioName);
}

/** Where the scenario goes: folder and feature file name. */
export function destination(v: FeatureChoice): { folder: string; file: string } {
  if (v.target === 'new') return { folder: v.folder, file: `${stripFeatureExt(v.featureName.trim())}.feature` };
  const cut = v.featurePath.lastIndexOf('/');
  return { folder: cut < 0 ? '' : v.featurePath.slice(0, cut), file: v.featurePath.slice(cut + 1) };
}

export function finalScenarioName(tree: FeatureNode[], v: Pick<WizardValues, 'target' | 'featurePath' | 'scenarioName'>): string {
  return uniqueName(v.scenarioName.trim(), takenNames(tree, v));
}
