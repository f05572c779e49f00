import { gib } from '../../memory/format.js';
import type { DiagnosisReply } from '../../reply/types.js';
import { noticesLine } from '../first-screen.js';
import { WIDTH, wrap } from '../text.js';

/** A pasted error explained, for the terminal: the diagnosis first, then the evidence, then what to do. */
export function renderDiagnosisText(r: DiagnosisReply): string {
  if (!r.readable) return wrap(r.headline, WIDTH, 2);
  const parts = [wrap(r.headline, WIDTH, 2), `  (read as: ${r.source})`];
  if (r.setup) {
    parts.push('', wrap(`Your setup: ${r.setup.request} — ${r.setup.verdict}`, WIDTH, 2));
    // The setup's weak facts and questions, as its estimate's first screen says them (issue 22 item 5).
    const notices = noticesLine(r.setup);
    if (notices) parts.push(wrap(`  ${notices}`, WIDTH, 2));
  }
  if (r.evidence.length) {
    parts.push('', 'What the log says:');
    for (const line of r.evidence) parts.push(wrap(`  • ${line}`, WIDTH, 4));
  }
  if (r.comparison) parts.push('', 'Against my estimate:', wrap(`  ${r.comparison}`, WIDTH, 2));
  if (r.actions.length) {
    parts.push('', 'What to do:');
    r.actions.forEach((a, i) => parts.push(wrap(`  ${i + 1}. ${a}`, WIDTH, 5)));
  }
  if (r.levers.length) {
    parts.push('', 'Levers for this thread\'s setup (each re-estimated):');
    r.levers.forEach((l, i) => {
      const mark = l.fits === null ? ' ' : l.fits ? '✓' : '✗';
      const extra = l.note ? `; ${l.note}` : '';
      const head = `  ${i + 1}. ${l.change.padEnd(20)} ${gib(l.deviceBytes).padStart(6)} GiB ${mark}  `;
      const lines = wrap(`${l.cost}${extra}`, WIDTH - head.length).split('\n');
      parts.push([head + lines[0], ...lines.slice(1).map((x) => ' '.repeat(head.length) + x)].join('\n'));
    });
  }
  return parts.join('\n');
}
