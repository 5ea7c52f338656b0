import {
  CucumberExpression, CucumberExpressionGenerator, ParameterType, ParameterTypeRegistry, RegularExpression, type Expression,
} from '@cucumber/cucumber-expressions';
import type { ParameterTypeDefinition, StepDefinition, StepListSource } from './step-definitions.ts';

/** A definition with the file it lives in. */
export interface LocatedDefinition extends Omit<StepDefinition, 'source'> {
  /** As the file declares it; 'builtin' for the built-in library. */
  source: StepListSource;
  /** Path in the repository ('steps/x.mjs'), or the built-in library's file name. */
  file: string;
  builtin: boolean;
}

interface Compiled {
  def: LocatedDefinition;
  expression: Expression | null;
}

/** Matches step texts against every definition the way cucumber-js does: by text, whatever the keyword. */
export class StepMatcher {
  readonly registry: ParameterTypeRegistry;
  private readonly compiled: Compiled[];

  constructor(definitions: LocatedDefinition[], parameterTypes: ParameterTypeDefinition[] = []) {
    this.registry = new ParameterTypeRegistry();
    for (const p of parameterTypes) {
      if (this.registry.lookupByTypeName(p.name)) continue;
      try {
        this.registry.defineParameterType(new ParameterType(p.name, p.regexps.map((r) => new RegExp(r)), String, (s) => s, false, false));
      } catch {
        // An invalid custom type leaves the expressions that use it uncompiled.
      }
    }
    this.compiled = definitions.map((def) => ({ def, expression: compile(def, this.registry) }));
  }

  get definitions(): LocatedDefinition[] {
    return this.compiled.map((c) => c.def);
  }

  /** Whether definition number `index` matches the text. */
  test(index: number, text: string): boolean {
    const expression = this.compiled[index]?.expression;
    if (!expression) return false;
    try {
      return expression.match(text) !== null;
    } catch {
      return false;
    }
  }

  /** Every definition whose expression matches the whole text. */
  match(text: string): LocatedDefinition[] {
    return this.compiled.filter((_, i) => this.test(i, text)).map((c) => c.def);
  }

  /** Whether a cucumber expression (with this matcher's parameter types) matches the text. */
  matchesExpression(source: string, text: string): boolean {
    try {
      return new CucumberExpression(source, this.registry).match(text) !== null;
    } catch {
      return false;
    }
  }

  /** Candidate cucumber expressions for a step text, most specific first ('fill {string} with {int}'). */
  suggest(text: string): Array<{ source: string; parameterNames: readonly string[] }> {
    const generator = new CucumberExpressionGenerator(() => this.registry.parameterTypes);
    return generator.generateExpressions(text).map((g) => ({ source: g.source, parameterNames: g.parameterNames }));
  }
}

function compile(def: Pick<StepDefinition, 'pattern' | 'patternType' | 'flags'>, registry: ParameterTypeRegistry): Expression | null {
  try {
    if (def.patternType === 'REGULAR_EXPRESSION') return new RegularExpression(new RegExp(def.pattern, def.flags.replace(/[gy]/g, '')), registry);
    return new CucumberExpression(def.pattern, registry);
  } catch {
    return null;
  }
}
