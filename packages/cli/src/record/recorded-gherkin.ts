import type { RecordedStep } from '@stepwise/shared';
import { CliError } from '../cli-error.ts';

export const DEFAULT_FEATURE = 'Recorded scenarios';

/** Where a recording is saved: `--feature` as a feature file path (features/shop/cart.feature) or a name. */
export function featureTarget(feature: string | undefined): { featureName: string; parentPath: string } {
  const text = (feature ?? '').trim().replace(/\\/g, '/').replace(/^\.\//, '').replace(/^features\//, '').replace(/\.feature$/i, '');
  if (!text) return { featureName: DEFAULT_FEATURE, parentPath: '' };
  const parts = text.split('/').filter(Boolean);
  if (parts.some((p) => p === '..' || p === '.')) throw new CliError(`--feature must be a feature name or a path under features/: ${feature}`);
  return { featureName: parts.at(-1)!, parentPath: parts.slice(0, -1).join('/') };
}

/** The default name of a recorded scenario. */
export function defaultScenarioName(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `Recorded scenario ${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())} ${pad(now.getHours())}:${pad(now.getMinutes())}`;
}

/** The scenario as Gherkin (a repeated keyword written as And), for `--no-publish`. */
export function recordedGherkin(featureName: string, scenarioName: string, steps: readonly RecordedStep[]): string {
  let last = '';
  const lines = steps.map((s) => {
    const keyword = s.keyword === last ? 'And' : s.keyword;
    last = s.keyword;
    return `    ${keyword} ${s.text}`;
  });
  return [`Feature: ${featureName}`, '', `  Scenario: ${scenarioName}`, ...lines, ''].join('\n');
}

/** --url: absolute, or a path under the environment's base URL. */
export function startUrl(baseUrl: string, url: string | undefined): string {
  if (!url) return baseUrl;
  if (/^https?:\/\//i.test(url)) {
    try {
      return new URL(url).href;
    } catch {
      throw new CliError(`--url is not a valid URL: ${url}`);
    }
  }
  return `${baseUrl.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`;
}
