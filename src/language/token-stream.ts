import type { Token } from './lexer.js';

/**
 * nearley reads tokens through a lexer object. parse.ts lexes and filters first (dropping
 * whitespace and filler), so the parser reads from a ready list instead of from text.
 */
export class TokenListLexer {
  private index = 0;
  constructor(private readonly tokens: readonly Token[]) {}
  reset(): void {
    this.index = 0;
  }
  next(): Token | undefined {
    return this.tokens[this.index++];
  }
  save(): undefined {
    return undefined;
  }
  formatError(token: Token): string {
    return `unexpected ${token.type}`;
  }
  has(): boolean {
    return true;
  }
}

/** The lexer the compiled grammar names; each parse swaps in a TokenListLexer of its own. */
export const grammarLexer = new TokenListLexer([]);
