import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * Every rewrite of the user's text names its rule (issue 22, item 6): a `MappedText.replace` or
 * `replaceSpans` call in src/language passes a rule id, so MappedText records a step for each
 * change and a fact's trace reaches the words it came from. Read from the type checker: a call
 * counts when the object it is made on is a MappedText.
 */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const LANGUAGE = join(ROOT, 'src/language');

/** One type-checked program over `files` (ts.createProgram is most of this file's time: made once, read by both tests). */
function programOf(files: readonly string[]): ts.Program {
  const config = ts.readConfigFile(join(ROOT, 'tsconfig.json'), ts.sys.readFile);
  const options = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT).options;
  return ts.createProgram(files, { ...options, noEmit: true });
}

/** The calls on a MappedText in `files` (part of `program`) that rewrite it without naming a rule: "file:line". */
function unnamedRewrites(program: ts.Program, files: readonly string[]): string[] {
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
  let program: ts.Program | null = null;
  /** The probe and src/language in one program, made on first use. */
  const checked = () => (program ??= programOf([probe, ...files]));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('finds a rewrite that names no rule (the check can fail)', () => {
    expect(unnamedRewrites(checked(), [probe]).map((at) => at.split(':').pop())).toEqual(['3', '4']);
  });

  it('every MappedText rewrite in src/language names its rule', () => {
    const unnamed = unnamedRewrites(checked(), files);
    expect(unnamed).toEqual([]);
  });
}, 60_000);
