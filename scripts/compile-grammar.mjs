// Compiles grammar/*.ne with nearleyc into src/language/generated/*.ts (git-ignored).
// Run by `npm run grammar`, before build, typecheck and test.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const nearleyc = join(root, 'node_modules', 'nearley', 'bin', 'nearleyc.js');
const grammarDir = join(root, 'grammar');
const outDir = join(root, 'src', 'language', 'generated');
mkdirSync(outDir, { recursive: true });

for (const file of readdirSync(grammarDir).filter((f) => f.endsWith('.ne'))) {
  const out = join(outDir, file.replace(/\.ne$/, '.ts'));
  execFileSync(process.execPath, [nearleyc, join(grammarDir, file), '-o', out], { stdio: 'inherit' });
  // Generated code is not held to the project's strict settings.
  writeFileSync(out, '// @ts-nocheck\n' + readFileSync(out, 'utf8'));
}
