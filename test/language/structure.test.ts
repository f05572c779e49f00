import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The reader's shape (issue 22, item 6): files of one job each, none over 500 lines (held for all
 * of src/ by test/source/file-lines.test.ts), and no import circle among its modules, so each
 * module can be read (and tested) before the ones that use it.
 */
const LANGUAGE = resolve(dirname(fileURLToPath(import.meta.url)), '../../src/language');

function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return tsFiles(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

/** The modules a file imports or re-exports by a relative path inside src/language (types too: a circle of types is still a circle to read). */
function relativeImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const specifiers = [...source.matchAll(/^\s*(?:import|export)\b[^;]*?\bfrom\s+['"](\.{1,2}\/[^'"]+)['"]/gms)].map((m) => m[1]!);
  return specifiers
    .map((s) => resolve(dirname(file), s.replace(/\.js$/, '.ts')))
    .filter((path) => path.startsWith(LANGUAGE + '/'));
}

/** One import circle, as the files around it, or null: a depth-first walk that keeps its path. */
function findCycle(graph: ReadonlyMap<string, readonly string[]>): string[] | null {
  const done = new Set<string>();
  const onPath = new Map<string, number>();
  const path: string[] = [];
  const visit = (file: string): string[] | null => {
    if (onPath.has(file)) return [...path.slice(onPath.get(file)!), file];
    if (done.has(file)) return null;
    onPath.set(file, path.length);
    path.push(file);
    for (const next of graph.get(file) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    onPath.delete(file);
    done.add(file);
    return null;
  };
  for (const file of graph.keys()) {
    const cycle = visit(file);
    if (cycle) return cycle;
  }
  return null;
}

describe('the shape of src/language', () => {
  const files = tsFiles(LANGUAGE);
  const graph = new Map(files.map((f) => [f, relativeImports(f)]));

  it('the walk sees the reader: its entry and the modules it imports', () => {
    const parse = join(LANGUAGE, 'parse.ts');
    const stages = join(LANGUAGE, 'early-stages.ts');
    expect(graph.get(parse)).toContain(stages);
    expect(graph.get(stages)).toContain(join(LANGUAGE, 'config-keys.ts'));
  });

  it('finds a circle when there is one (the check can fail)', () => {
    const toy = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(findCycle(toy)).toEqual(['a', 'b', 'c', 'a']);
    expect(findCycle(new Map([['a', ['b']], ['b', []]]))).toBeNull();
  });

  it('has no import circle among its modules', () => {
    const cycle = findCycle(graph);
    expect(cycle?.map((f) => relative(LANGUAGE, f)).join(' → ') ?? null).toBeNull();
  });
});
