import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Real error messages copied from public issues; each file's first line names its source (owner/repo#issue). */
export interface Fixture {
  name: string;
  source: string;
  text: string;
}

const DIR = fileURLToPath(new URL('./fixtures/', import.meta.url));

export function fixture(name: string): Fixture {
  const [head = '', ...rest] = readFileSync(`${DIR}${name}.txt`, 'utf8').split('\n');
  return { name, source: head.replace(/^source: /, ''), text: rest.join('\n').replace(/\n$/, '') };
}

export function allFixtures(): Fixture[] {
  return readdirSync(DIR)
    .filter((f) => f.endsWith('.txt'))
    .sort()
    .map((f) => fixture(f.replace(/\.txt$/, '')));
}
