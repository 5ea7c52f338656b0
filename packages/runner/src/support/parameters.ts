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
}
