#!/usr/bin/env node
// Checks test/corpus/requests.jsonl: every object has the documented fields, ids are unique,
// and every reading parses in the current build (run `npm run build` first).
// A reading whose model or card is not in the catalog yet ("pending": "model" / "gpu" / "model,gpu") is checked with the
// model name replaced by its size ("qwen3-8b" -> "8b"), so the rest of the reading is still checked.
// Usage: node test/corpus/check-readings.mjs [--raw]   (--raw also shows how the user's own text reads today)
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const here = dirname(fileURLToPath(import.meta.url));
const { respond } = await import(join(here, '../../dist/src/core/assistant.js'));
const raw = process.argv.includes('--raw');
const lines = readFileSync(join(here, 'requests.jsonl'), 'utf8').split('\n').filter((l) => l.trim());
const seen = new Set();
// Cards not in the catalog yet ("pending": "gpu"), checked as the catalog card they derive from.
const GPU_STANDINS = { 'a800-80g': 'a100-80g', 'a800-40g': 'a100-40g', 'h800': 'h100', 'h20': 'h200', 'rtx-4060-ti-16g': '16GB', 'rtx-3060-12g': '12GB', 'rtx-4080': '16GB', 'rtx-3080': '10GB', 'rtx-3080-ti': '12GB', 'rtx-4080-super': '16GB', 'rtx-4070-ti': '12GB', 'rtx-3060': '12GB', 'rtx-4060-ti': '16GB', 'rtx-2080-ti': '11GB', 'rtx-4070': '12GB', 'rtx-3070': '8GB', 'gtx-1080-ti': '11GB', 'rtx-3080-laptop': '8GB', 'rtx-2060': '6GB', 'rtx-3060-8g': '8GB', 'rtx-3090-ti': '24GB', 'rtx-3070-ti': '8GB', 'rtx-pro-6000': '96GB', 'rtx-2070': '8GB', 'rtx-3060-ti': '8GB', 'rtx-4060-laptop': '8GB', 'a6000-ada': 'rtx-6000-ada' };
// Pending models whose names hold no size, checked as a catalog model of their family.
const SIZELESS = { 'deepseek-v3': 'deepseek-v2-lite', 'deepseek-r1': 'deepseek-v2-lite', 'deepseek-v2': 'deepseek-v2-lite', 'nemotron-3-super': '100b', 'llama-4-scout': 'mixtral-8x7b' }; // same family shape (MLA, MoE), so tp and ep checks still apply
/** "qwen2-57b" -> "57b", an MoE "qwen3-30b-a3b" -> a catalog MoE; a token that is no hyphenated model name stays as it is. */
function sizeOfPendingModel(token) {
  if (SIZELESS[token]) return SIZELESS[token];
  if (!/^[a-z][^\s]*-/i.test(token)) return token;
  if (/-a\d+(?:\.\d+)?b$/i.test(token)) return 'mixtral-8x7b'; // a mixture of experts ("-a3b": 3B active) stays one, for ep
  const size = token.match(/(?:^|[-_.])(\d+x\d+(?:\.\d+)?b|\d+(?:\.\d+)?[bm])(?=$|[-_.])/i);
  return size ? size[1] : token;
}
let bad = 0;
let rawRead = 0;
for (const [n, line] of lines.entries()) {
  let o;
  try { o = JSON.parse(line); } catch (e) { console.log(`line ${n + 1}: not JSON: ${e.message}`); bad++; continue; }
  const problems = [];
  if (!/^c\d{3}$/.test(o.id ?? '')) problems.push('id');
  if (seen.has(o.id)) problems.push('duplicate id'); seen.add(o.id);
  if (typeof o.text !== 'string' || !o.text.trim()) problems.push('text');
  if (typeof o.source !== 'string' || !o.source) problems.push('source');
  if (o.intent !== 'stated' && o.intent !== 'assumed') problems.push('intent');
  if (o.reading === null) {
    if (o.expect !== 'refuse' || !o.why) problems.push('null reading needs expect:"refuse" and why');
  } else if (typeof o.reading !== 'string') problems.push('reading');
  else {
    let reading = o.reading;
    const pending = String(o.pending ?? '').split(',');
    if (pending.includes('model')) reading = reading.split(' ').map(sizeOfPendingModel).join(' ');
    if (pending.includes('gpu')) reading = reading.split(' ').map((t) => GPU_STANDINS[t] ?? t).join(' ');
    const { reply } = respond(reading, null);
    if (reply.kind === 'error') problems.push(`reading does not parse: ${reading} -> ${reply.message ?? JSON.stringify(reply).slice(0, 200)}`);
  }
  if (raw) {
    const { reply } = respond(o.text, null);
    if (reply.kind !== 'error') rawRead++;
    console.log(`${o.id} raw ${reply.kind === 'error' ? 'REFUSED' : 'read'}`);
  }
  if (problems.length) { bad++; console.log(`${o.id ?? `line ${n + 1}`}: ${problems.join('; ')}`); }
}
console.log(`${lines.length} lines, ${bad} with problems${raw ? `, ${rawRead} raw texts read without error today` : ''}`);
process.exitCode = bad ? 1 : 0;
