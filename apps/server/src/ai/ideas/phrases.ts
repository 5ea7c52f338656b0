import { CucumberExpression, ParameterTypeRegistry, type Expression } from '@cucumber/cucumber-expressions';
import type { IdeaStep } from '@stepwise/shared';

/**
 * The sentences of an idea's flow. Each action has the phrasing of the built-in step library (used
 * when the project's steps have it: the step then runs as it is) and an English phrasing the offline
 * step generator understands (bench/ai-steps-suite.mjs), used otherwise. Values are quoted, so that a
 * `<param>` placeholder stands where a run reads the example's value.
 */
export class Phraser {
  private readonly known: Expression[];

  constructor(knownSteps: readonly string[]) {
    const registry = new ParameterTypeRegistry();
    this.known = [];
    for (const source of knownSteps) {
      try {
        this.known.push(new CucumberExpression(source, registry));
      } catch {
        // A regular expression or a custom parameter type: not one of the phrasings offered here.
      }
    }
  }

  /** The library sentence when a known step matches it, else the English one. */
  private pick(library: string, english: string): string {
    return this.known.some((e) => safeMatch(e, library)) ? library : english;
  }

  home(): IdeaStep {
    return { keyword: 'Given', text: this.pick('I am on the home page', 'I go to the home page') };
  }

  clickLink(name: string): IdeaStep {
    return { keyword: 'When', text: `I click the ${q(name)} link` };
  }

  clickButton(name: string): IdeaStep {
    return { keyword: 'When', text: `I click the ${q(name)} button` };
  }

  fill(field: string, value: string): IdeaStep {
    return { keyword: 'When', text: this.pick(`I fill the ${q(field)} field with ${q(value)}`, `I enter ${q(value)} as the ${field.toLowerCase()}`) };
  }

  select(field: string, option: string): IdeaStep {
    return { keyword: 'When', text: this.pick(`I select ${q(option)} from ${q(field)}`, `I choose ${q(option)} as the ${field.toLowerCase()}`) };
  }

  check(name: string): IdeaStep {
    return { keyword: 'When', text: this.pick(`I check ${q(name)}`, `I tick ${q(name)}`) };
  }

  /** "I search for "<query>"": the generator finds the search box and sends it. */
  search(value: string): IdeaStep {
    return { keyword: 'When', text: `I search for ${q(value)}` };
  }

  /** An item's own button, said with its verb: `I add the "<product>" to the cart` presses "Add to cart" in that item. */
  itemAction(action: ItemAction, item: string): IdeaStep {
    return { keyword: 'When', text: `I ${action.verb} the ${q(item)}${action.rest ? ` ${action.rest}` : ''}` };
  }

  see(text: string): IdeaStep {
    return { keyword: 'Then', text: this.pick(`I should see ${q(text)}`, `The page shows ${q(text)}`) };
  }

  titleContains(text: string): IdeaStep {
    return { keyword: 'Then', text: this.pick(`the page title should contain ${q(text)}`, `The page title contains ${q(text)}`) };
  }

  urlContains(text: string): IdeaStep {
    return { keyword: 'Then', text: this.pick(`the URL should contain ${q(text)}`, `The URL contains ${q(text)}`) };
  }
}

/** A button's action: "Add to cart" -> verb "add", rest "to the cart", object "cart". */
export interface ItemAction {
  button: string;
  verb: string;
  rest: string;
  object: string | null;
}

function safeMatch(expression: Expression, text: string): boolean {
  try {
    return expression.match(text) !== null;
  } catch {
    return false;
  }
}

/** A quoted value; a value holding a double quote is not offered (the step could not quote it). */
export function q(value: string): string {
  return `"${value}"`;
}

/** The flow as the spec has it: one step per line, a repeated keyword written And. */
export function flowText(steps: readonly IdeaStep[]): string {
  let last: string | null = null;
  return steps
    .map((s) => {
      const line = `${s.keyword === last ? 'And' : s.keyword} ${s.text}`;
      last = s.keyword;
      return line;
    })
    .join('\n');
}
