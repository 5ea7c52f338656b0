/** Files of a new project's repository. */
export const USER_FUNCTIONS_FILE = 'steps/user_defined_functions.mjs';

export function initialFiles(projectName: string): Record<string, string> {
  return {
    'features/.gitkeep': '',
    'environments/.gitkeep': '',
    'data/.gitkeep': '',
    [USER_FUNCTIONS_FILE]: [
      `// Step definitions written for ${projectName.replace(/[\r\n]/g, ' ')}.`,
      '// Each step is a cucumber-js step definition; `this.page` is the Playwright page of the scenario.',
      "import { Given, When, Then } from '@cucumber/cucumber';",
      '',
    ].join('\n'),
    'README.md': `# ${projectName.replace(/[\r\n]/g, ' ')}\n\nGherkin features, step definitions, environments and test data of this Stepwise project.\n`,
  };
}
