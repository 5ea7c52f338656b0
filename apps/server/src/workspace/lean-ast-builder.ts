import { AstBuilder } from '@cucumber/gherkin';
import { RuleType, TokenType } from '@cucumber/gherkin/dist/Parser.js';
import type { Location, Tag } from '@cucumber/messages';

type AstNode = Parameters<AstBuilder['transformNode']>[0];
type Transformed = ReturnType<AstBuilder['transformNode']>;

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

