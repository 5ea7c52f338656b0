/** World parameters of a run (key `stepwise`); BeforeAll hooks get them too. Never logged: they hold secrets. */
export interface StoredUser {
  username: string;
  password: string;
  totpSecret?: string | null;
}

export interface StepwiseParameters {
  env: { name: string; baseUrl: string };
  testData: Record<string, string>;
  storedUsers: Record<string, StoredUser>;
  browser: 'chromium' | 'firefox' | 'webkit';
  viewport: { width: number; height: number };
  headless: boolean;
  chromiumPath: string;
  screenshots: 'each-step' | 'on-failure' | 'off';
  /**
   * A step followed by a check that only reads the page attaches its picture while that check runs
   * (picture-handoff.ts); only where the run process gives late attachments back to their steps (execute.ts).
   */
  finishPicturesLater?: boolean;
}
