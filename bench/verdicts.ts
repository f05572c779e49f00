import { resolve } from 'node:path';
import { DEFAULT_CORPUS, loadVerdictCorpus, seqAndBatchStated } from './verdicts/corpus.js';
import { agreement, agrees, confusion, predict, type Scored } from './verdicts/score.js';

/**
 * `npm run bench:verdicts [corpus.jsonl]`: headroom's fit verdict against real users' reported
 * outcomes (test/corpus/verdicts.jsonl): agreement, beside the rival that answers "does not fit"
 * every time, for training and serving apart, and for setups where sequence and batch were both
 * stated or not. Prints tables; asserts nothing.
 */

function table(headers: string[], rows: string[][]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(headers), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}

function pct(part: number, whole: number): string {
  return whole === 0 ? '—' : `${((100 * part) / whole).toFixed(1)}%`;
}

function points(part: number, rival: number, whole: number): string {
  if (whole === 0) return '—';
  const p = (100 * (part - rival)) / whole;
  return `${p >= 0 ? '+' : ''}${p.toFixed(1)}`;
}

function gib(bytes: number | null): string {
  return bytes === null ? '—' : (bytes / 2 ** 30).toFixed(1);
}

function agreementRows(groups: [string, Scored[]][]): string[][] {
  return groups.map(([name, scored]) => {
    const a = agreement(scored);
    return [name, String(a.lines), String(a.judged), pct(a.agree, a.lines), pct(a.agreeTightAsNo, a.lines), pct(a.rivalAgree, a.lines), points(a.agree, a.rivalAgree, a.lines), String(a.tight), String(a.envelope), String(a.restsOnGc), pct(a.agreeGcOtherWay, a.lines), String(a.restsOnSharding), pct(a.agreeShardedOtherWay, a.lines), String(a.restsOnRl), pct(a.agreeRlOtherWay, a.lines)];
  });
}

const AGREEMENT_HEADERS = ['set', 'lines', 'with verdict', 'agreement', 'tight as no', 'rival "does not fit"', 'margin (points)', 'tight ⚠ (as fits)', 'envelope', 'rests on unsaid gc', 'gc the other way', 'rests on unsaid sharding', 'read as sharded', 'rests on unsaid RL setting', 'RL the other way'];

function main(): void {
  const path = process.argv[2] ? resolve(process.argv[2]) : DEFAULT_CORPUS;
  const scored: Scored[] = loadVerdictCorpus(path).map((line) => ({ line, prediction: predict(line.request) }));
  const training = scored.filter((s) => s.line.kind === 'training');
  const serving = scored.filter((s) => s.line.kind === 'serving');
  const say = (text = '') => console.log(text);

  say(`headroom verdicts against ${scored.length} reported outcomes (${path})`);
  say();
  say(table(AGREEMENT_HEADERS, agreementRows([['training', training], ['serving', serving], ['all', scored]])));
  say();
  say('By what the user stated (seq and batch both stated, or not):');
  say();
  const stated = scored.filter((s) => seqAndBatchStated(s.line));
  const halfStated = scored.filter((s) => !seqAndBatchStated(s.line));
  say(
    table(
      AGREEMENT_HEADERS,
      agreementRows([
        ['seq and batch stated', stated],
        ['  training', stated.filter((s) => s.line.kind === 'training')],
        ['  serving', stated.filter((s) => s.line.kind === 'serving')],
        ['seq or batch unstated', halfStated],
        ['  training', halfStated.filter((s) => s.line.kind === 'training')],
        ['  serving', halfStated.filter((s) => s.line.kind === 'serving')],
      ]),
    ),
  );
  say();
  say('Confusion (reported outcome × predicted verdict):');
  say();
  const confusionRows = (['training', 'serving', 'all'] as const).flatMap((name) => {
    const c = confusion(name === 'all' ? scored : name === 'training' ? training : serving);
    return [
      [name, 'oom', String(c.oom.fits), String(c.oom.no), String(c.oom.none)],
      ['', 'ran', String(c.ran.fits), String(c.ran.no), String(c.ran.none)],
    ];
  });
  say(table(['set', 'reported', 'predicted fits', 'predicted no', 'no verdict'], confusionRows));
  say();
  const wrong = scored.filter((s) => !agrees(s));
  say(`Disagreements (${wrong.length}):`);
  say();
  say(
    table(
      ['id', 'kind', 'reported', 'predicted', 'peak GiB', 'card GiB', 'request'],
      wrong.map((s) => [
        s.line.id,
        s.line.kind,
        s.line.outcome,
        (s.prediction.predicted === 'none' ? `none (${s.prediction.status})` : `${s.prediction.status}`) + (s.prediction.restsOnGc ? ' (gc)' : '') + (s.prediction.restsOnSharding ? ' (zero3)' : '') + (s.prediction.restsOnRl ? ' (rl)' : ''),
        gib(s.prediction.deviceBytes),
        gib(s.prediction.capacityBytes),
        s.line.request,
      ]),
    ),
  );
  const refused = scored.filter((s) => s.prediction.status === 'error');
  if (refused.length) {
    say();
    say('Requests the core refused:');
    for (const s of refused) say(`  ${s.line.id} "${s.line.request}": ${s.prediction.headline}`);
  }
  const all = agreement(scored);
  say();
  say(`OVERALL: agreement ${pct(all.agree, all.lines)} vs rival ${pct(all.rivalAgree, all.lines)} (${points(all.agree, all.rivalAgree, all.lines)} points) on ${all.lines} outcomes; ${all.tight} tight counted as fits (${pct(all.agreeTightAsNo, all.lines)} with tight counted as does not fit), ${all.envelope} answered with an envelope; ${all.restsOnGc} turn on gradient checkpointing the request did not state (${pct(all.agreeGcOtherWay, all.lines)} with those read the other way); ${all.restsOnSharding} turn on sharding not named on more than one GPU (${pct(all.agreeShardedOtherWay, all.lines)} with those read as ZeRO-3); ${all.restsOnRl} turn on an RL setting not stated (${pct(all.agreeRlOtherWay, all.lines)} with those read the other way)`);
}

main();
