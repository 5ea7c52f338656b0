import { AstBuilder, GherkinClassicTokenMatcher, Parser } from '@cucumber/gherkin';
import type { Location, Tag } from '@cucumber/messages';

type AstNode = Parameters<AstBuilder['transformNode']>[0];
type Transformed = ReturnType<AstBuilder['transformNode']>;
type Token = Parameters<AstBuilder['build']>[0];
type RuleTypeId = AstNode['ruleType'];
type TokenTypeId = Token['matchedType'];

/**
 * The parser's rule and token type ids the lean builder dispatches on. The public entry of
 * @cucumber/gherkin exports AstBuilder and Parser but not these enums (they sit in dist/Parser.js),
 * so they are learnt once from a probe document parsed with the standard AstBuilder: each node is
 * recognised by what the standard builder makes of it, each token by what the matcher found.
 */
function learnTypeIds() {
  const rule: Partial<Record<'Step' | 'DocString' | 'DataTable' | 'ExamplesTable' | 'Description', RuleTypeId>> = {};
  const token: Partial<Record<'StepLine' | 'TableRow', TokenTypeId>> = {};
  class Probe extends AstBuilder {
    override build(t: Token): void {
      if (t.matchedKeywordType) token.StepLine ??= t.matchedType;
      else if (t.line?.trimmedLineText.startsWith('|') && t.matchedItems?.length) token.TableRow ??= t.matchedType;
      super.build(t);
    }
    override transformNode(node: AstNode): Transformed {
      const out: unknown = super.transformNode(node);
      if (typeof out === 'string') rule.Description ??= node.ruleType;
      else if (Array.isArray(out)) rule.ExamplesTable ??= node.ruleType;
      else if (out && typeof out === 'object' && out !== node) {
        if ('keywordType' in out) rule.Step ??= node.ruleType;
        else if ('delimiter' in out) rule.DocString ??= node.ruleType;
        else if ('rows' in out && !('keyword' in out)) rule.DataTable ??= node.ruleType;
      }
      return out as Transformed;
    }
  }
  const probe = [
    'Feature: F',
    '  About it',
    '  Scenario Outline: S',
    '    Given a <x>',
    '      | c |',
    '    When b',
    '      """',
    '      d',
    '      """',
    '    Examples:',
    '      | x |',
    '      | 1 |',
  ];
  new Parser(new Probe(() => ''), new GherkinClassicTokenMatcher()).parse(`${probe.join('\n')}\n`);
  const ids = [rule.Step, rule.DocString, rule.DataTable, rule.ExamplesTable, rule.Description];
  if (ids.some((id) => id === undefined) || new Set(ids).size !== ids.length || token.StepLine === undefined || token.TableRow === undefined) {
    throw new Error('@cucumber/gherkin builds its AST differently than lean-ast-builder.ts expects');
  }
  return { rule: rule as Required<typeof rule>, token: token as Required<typeof token> };
}

const { rule: RuleType, token: TokenType } = learnTypeIds();

/** A step as the lean builder gives it. */
export interface LeanStep {
  keyword: string;
  text: string;
  line: number;
}

/** The document shapes the lean builder gives (where they differ from @cucumber/messages). */
export interface LeanScenario {
  location: Location;
  keyword: string;
  name: string;
  tags: readonly Tag[];
  steps: LeanStep[];
  examples: Array<{ name: string; tags: readonly Tag[]; tableHeader?: string[]; tableBody: string[][] }>;
}


/**
 * The standard AstBuilder without what the features list never reads: steps keep only keyword,
 * text and line; doc strings and data tables are checked but not kept; examples tables become
 * arrays of cell texts; descriptions and ids are dropped. Same grammar and errors, far fewer objects.
 */
export class LeanAstBuilder extends AstBuilder {
  constructor() {
    super(() => '');
  }

  /** The rows of a table as cell texts; the standard error when the cell counts differ. */
  private cellTexts(node: AstNode): string[][] {
    const rows = node.getTokens(TokenType.TableRow);
    const width = rows[0]?.matchedItems.length ?? 0;
    if (rows.some((r) => r.matchedItems.length !== width)) this.ensureCellCount(this.getTableRows(node));
    return rows.map((r) => r.matchedItems.map((c) => c.text));
  }

  override transformNode(node: AstNode): Transformed {
    switch (node.ruleType) {
      case RuleType.Step: {
        const token = node.getToken(TokenType.StepLine);
        return { keyword: token.matchedKeyword, text: token.matchedText, line: token.location.line } as unknown as Transformed;
      }
      case RuleType.DocString:
        return null as unknown as Transformed;
      case RuleType.DataTable:
        this.cellTexts(node);
        return null as unknown as Transformed;
      case RuleType.ExamplesTable:
        return this.cellTexts(node) as unknown as Transformed;
      case RuleType.Description:
        return '';
      default:
        return super.transformNode(node);
    }
  }
}

