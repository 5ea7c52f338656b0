import { findFor, message, refuse, valueCode, waitForState, type CodeContext, type CodeResult } from './code-context.ts';
import type { Intent } from './intent-types.ts';
import type { Phrase } from './step-phrase.ts';

const words = (...texts: string[]): Phrase[] => texts.map((text) => ({ text, words: [] }));

/** "log in as "demo" with password "demo123"": the user field, the password field, then the log-in button. */
export function loginCode(ctx: CodeContext, intent: Extract<Intent, { kind: 'login' }>): CodeResult {
  const [userName, ...userOthers] = words('username', 'email', 'user', 'login', 'email address');
  const user = findFor(ctx, userName, ['textbox', 'combobox'], { alternatives: userOthers });
  if (!user.ok) return user;
  const password = findFor(ctx, words('password')[0], ['textbox']);
  if (!password.ok) return password;
  if (password.element.node === user.element.node) return refuse('The page has no separate user and password fields');
  const [logIn, ...logInOthers] = words('log in', 'sign in', 'login', 'submit', 'continue');
  const button = findFor(ctx, logIn, ['button'], { alternatives: logInOthers });
  if (!button.ok) return button;
  const lines = [`await ${user.element.code}.fill(${valueCode(ctx, intent.user, 'username')});`];
  if (intent.password) lines.push(`await ${password.element.code}.fill(${valueCode(ctx, intent.password, 'password')});`);
  else {
    // No password in the step: the one a stored user's test data gives the scenario.
    lines.push(
      'const password = this.testData.password;',
      "if (password === undefined) throw new Error('No password in the test data: load a stored user first');",
      `await ${password.element.code}.fill(String(password));`,
    );
  }
  lines.push(`await ${button.element.code}.click();`);
  return {
    ok: true,
    body: lines.join('\n'),
    reasoning: `Fills ${user.element.why} and ${password.element.why}, then clicks ${button.element.why}.`,
  };
}

/** "I am logged in": a control only a signed-in (or signed-out) visitor sees is on the page. */
export function signedInCode(ctx: CodeContext, intent: Extract<Intent, { kind: 'assertSignedIn' }>): CodeResult {
  const [first, ...others] = intent.signedIn ? words('log out', 'sign out', 'logout', 'my account', 'profile') : words('log in', 'sign in', 'login', 'sign up');
  const found = findFor(ctx, first, ['button', 'link', 'menuitem'], { alternatives: others });
  if (!found.ok) {
    return refuse(`Nothing on the page shows that the visitor is signed ${intent.signedIn ? 'in' : 'out'} (no "${first.text}" or "${others[0].text}")`, found.candidates);
  }
  const state = intent.signedIn ? 'in' : 'out';
  return {
    ok: true,
    body: waitForState(found.element.code, 'visible', message([`Expected to be signed ${state}: ${found.element.why} is not shown`])),
    reasoning: `Checks that ${found.element.why}, shown only to a visitor signed ${state}, is visible.`,
  };
}
