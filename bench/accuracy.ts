import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { readMeasured, type MeasuredRow } from './accuracy/csv.js';
import { evaluateRow, isGap, predictsOom, requestFor, stats, type Gap, type RowResult } from './accuracy/evaluate.js';
import { requestFromColumns } from './accuracy/gpu-rows.js';
import { PEERS } from './accuracy/peers.js';
import { EXPLANATIONS, OOM_CASES } from './accuracy/requests.js';

/**
 * `npm run bench:accuracy`: headroom against published peak-memory measurements
 * (../shared/reference/measured.csv) and the rows our own GPU harness recorded
 * (bench/gpu/results/*.csv), with the peers' rules side by side. Prints tables; asserts nothing.
 */

const reference = process.env.HEADROOM_REFERENCE ?? resolve(process.cwd(), '../shared/reference/measured.csv');
const gpuResults = resolve(process.cwd(), 'bench/gpu/results');

function pct(x: number): string {
  return Number.isFinite(x) ? `${(x * 100).toFixed(1)}%` : '—';
}

function table(headers: string[], rows: string[][]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(headers), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}

function loadRows(): MeasuredRow[] {
  const rows = existsSync(reference) ? readMeasured(reference) : [];
  if (existsSync(gpuResults)) {
    for (const file of readdirSync(gpuResults).filter((f) => f.endsWith('.csv')).sort()) rows.push(...readMeasured(join(gpuResults, file)));
  }
  return rows;
}

function sourceOf(row: MeasuredRow): string {
  if (row.id.startsWith('HR-')) return 'headroom GPU harness';
  return row.source.split(/[ ,(]/)[0]!.replace(/^huggingface\//, 'HF ').trim() || row.source;
}

function main(): void {
  const rows = loadRows();
  if (rows.length === 0) {
    console.log(`No reference rows found at ${reference}.`);
    return;
  }
  const results: RowResult[] = [];
  const gaps: Gap[] = [];
  const harnessOom: { source: string; text: string }[] = [];
  for (const row of rows) {
    // Our harness records OOM runs as "OOM": fit verdicts, not errors (one per scenario).
    if (row.id.startsWith('HR-') && /oom/i.test(row.peak_gb_per_gpu)) {
      const text = requestFromColumns(row).text;
      if (text && row.id.endsWith('-a')) harnessOom.push({ source: `GPU harness ${row.id}`, text });
      continue;
    }
    if (row.peak_gb_per_gpu === '' || Number.isNaN(Number(row.peak_gb_per_gpu))) continue;
    const request = row.id.startsWith('HR-') ? requestFromColumns(row) : requestFor(row);
    const r = evaluateRow(row, request);
    if (isGap(r)) gaps.push(r);
    else results.push(r);
  }

  const measured = results.filter((r) => r.metric !== 'formula');
  const formula = results.filter((r) => r.metric === 'formula');

  const out: string[] = [];
  const say = (line = '') => out.push(line);
  say(`headroom accuracy — ${results.length} rows compared, ${gaps.length} gaps`);
  say();
  const bySource = new Map<string, RowResult[]>();
  for (const r of measured) bySource.set(sourceOf(r.row), [...(bySource.get(sourceOf(r.row)) ?? []), r]);
  const statRows = [...bySource.entries()].map(([source, rs]) => {
    const s = stats(rs.map((r) => r.error));
    return [source, String(s.n), pct(s.median), pct(s.p90)];
  });
  const all = stats(measured.map((r) => r.error));
  statRows.push(['overall (measured rows)', String(all.n), pct(all.median), pct(all.p90)]);
  const f = stats(formula.map((r) => r.error));
  statRows.push(['ZeRO paper formula rows', String(f.n), pct(f.median), pct(f.p90)]);
  say('By source: |error| of the matching metric (allocated / reserved / nvidia-smi / model states)');
  say();
  say(table(['source', 'rows', 'median', 'p90'], statRows));
  say();
  say('By framework (the preset each request resolved to):');
  say();
  const byFramework = new Map<string, RowResult[]>();
  for (const r of measured) byFramework.set(r.estimate.scenario.framework, [...(byFramework.get(r.estimate.scenario.framework) ?? []), r]);
  const frameworkRows = [...byFramework.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([framework, rs]) => {
      const s = stats(rs.map((r) => r.error));
      return [framework, String(s.n), pct(s.median), pct(s.p90)];
    });
  say(table(['framework', 'rows', 'median', 'p90'], frameworkRows));
  say();
  say('Peers on the same measured rows (each rule against the measured peak):');
  say();
  const peerRows = [['headroom', String(all.n), pct(all.median), pct(all.p90)]];
  for (const peer of PEERS) {
    const errors = measured
      .map((r) => ({ r, p: r.peers[peer.name] }))
      .filter((x): x is { r: RowResult; p: number } => x.p !== null && x.p !== undefined)
      .map(({ r, p }) => (p - r.measuredGb) / r.measuredGb);
    const s = stats(errors);
    peerRows.push([peer.name, String(s.n), pct(s.median), pct(s.p90)]);
  }
  say(table(['estimator', 'rows', 'median', 'p90'], peerRows));
  say();
  say('OOM cases (must be predicted as not fitting):');
  say();
  const oom = [...OOM_CASES, ...harnessOom].map((c) => ({ ...c, verdict: predictsOom(c.text) }));
  say(table(['case', 'predicted'], oom.map((c) => [c.source, c.verdict === null ? 'no verdict' : c.verdict ? 'does not fit ✓' : 'fits ✗'])));
  const right = oom.filter((c) => c.verdict === true).length;
  say();
  say('Worst rows (components at the peak, GiB):');
  say();
  const worst = [...measured].sort((a, b) => Math.abs(b.error) - Math.abs(a.error)).slice(0, 8);
  say(
    table(
      ['row', 'metric', 'measured GB', 'headroom GB', 'error', 'largest components', 'why (when above 15%)'],
      worst.map((r) => [
        r.row.id,
        r.metric,
        r.measuredGb.toFixed(2),
        r.predictedGb.toFixed(2),
        pct(r.error),
        r.estimate.components
          .filter((c) => c.bytes > 0)
          .sort((a, b) => b.bytes - a.bytes)
          .slice(0, 4)
          .map((c) => `${c.key} ${(c.bytes / 2 ** 30).toFixed(1)}`)
          .join(', '),
        Math.abs(r.error) > 0.15 ? (EXPLANATIONS[r.row.id] ?? 'unexplained') : '',
      ]),
    ),
  );
  const unexplained = measured.filter((r) => Math.abs(r.error) > 0.15 && !EXPLANATIONS[r.row.id]).map((r) => r.row.id);
  say();
  say(`Rows above 15% without a named explanation: ${unexplained.length ? unexplained.join(', ') : 'none'}`);
  say();
  say(`OVERALL measured rows: n=${all.n} median |error| ${pct(all.median)}, p90 ${pct(all.p90)}; OOM verdicts ${right}/${oom.length}; gaps ${gaps.length}`);
  const summary = out.join('\n');

  console.log(summary);
  console.log('\nAll rows:');
  console.log(table(['row', 'metric', 'measured GB', 'headroom GB', 'error', 'request'], results.map((r) => [r.row.id, r.metric, r.measuredGb.toFixed(2), r.predictedGb.toFixed(2), pct(r.error), r.text])));
  console.log('\nGaps (rows the language cannot express yet):');
  for (const g of gaps) console.log(`  ${g.row.id} ${g.row.model}: ${g.reason}`);
  if (process.argv.includes('--update-readme')) updateReadme(summary);
}

/** Rewrites the README's accuracy section (between its markers) with this run's summary. */
function updateReadme(summary: string): void {
  const path = resolve(process.cwd(), 'README.md');
  const readme = readFileSync(path, 'utf8');
  const begin = '<!-- accuracy:begin -->';
  const end = '<!-- accuracy:end -->';
  const from = readme.indexOf(begin);
  const to = readme.indexOf(end);
  if (from < 0 || to < from) {
    console.log('README.md has no accuracy markers; nothing updated.');
    return;
  }
  const body = summary.replace(/^headroom accuracy — .*\n/, '');
  writeFileSync(path, `${readme.slice(0, from + begin.length)}\n${body}\n${readme.slice(to)}`);
  console.log('README.md accuracy section updated.');
}

main();
