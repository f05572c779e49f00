import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every rewrite of the user's text names its rule (issue 22, item 6): a `MappedText.replace` or
 * `replaceSpans` call in src/language passes a rule id, so MappedText records a step for each
 * change and a fact's trace reaches the words it came from. Read from the type checker: a call
 * counts when the object it is made on is a MappedText.
 */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const LANGUAGE = join(ROOT, 'src/language');


/** The calls on a MappedText that rewrite it without naming a rule: "file:line". */
function unnamedRewrites(files: readonly string[]): string[] {
  const config = ts.readConfigFile(join(ROOT, 'tsconfig.json'), ts.sys.readFile);
  const options = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT).options;
  const program = ts.createProgram(files, { ...options, noEmit: true });
  const checker = program.getTypeChecker();
  const unnamed: string[] = [];
  for (const file of files) {
    const source = program.getSourceFile(file)!;
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
        const method = node.expression.name.text;
        const ruleAt = method === 'replace' ? 2 : method === 'replaceSpans' ? 1 : -1;
        const on = ruleAt >= 0 ? checker.typeToString(checker.getTypeAtLocation(node.expression.expression)) : '';
        if (/\bMappedText\b/.test(on) && node.arguments.length <= ruleAt) {
          const { line } = source.getLineAndCharacterOfPosition(node.expression.name.getStart());
          unnamed.push(`${relative(LANGUAGE, file)}:${line + 1}`);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return unnamed;
}

describe('rewrites of the user text', () => {
  const files = ts.sys.readDirectory(LANGUAGE, ['.ts']).filter((f) => !f.includes('/generated/'));

  it('finds a rewrite that names no rule (the check can fail)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'named-rewrites-'));
    const probe = join(dir, 'probe.ts');
    writeFileSync(
      probe,
      `import { MappedText } from '${join(LANGUAGE, 'mapped-text.js')}';\n` +
        `export const named = MappedText.of('a b').replace(/a/g, () => 'x', 'probe.named');\n` +
        `export const unnamed = MappedText.of('a b').replace(/b/g, () => 'y');\n` +
        `export const spans = named.replaceSpans([{ at: 0, to: 1, text: 'z' }]);\n` +
        `export const plain = 'a b'.replace(/a/g, () => 'x');\n`,
    );
    try {
      expect(unnamedRewrites([probe]).map((at) => at.split(':').pop())).toEqual(['3', '4']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('every MappedText rewrite in src/language names its rule', () => {
    const unnamed = unnamedRewrites(files);
    expect(unnamed).toEqual([]);
  });
}, 60_000);
