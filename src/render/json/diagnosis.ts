import type { DiagnosisReply } from '../../reply/types.js';

/** A pasted error explained, machine-readable: same fields as the reply, levers in the suggestions shape of DESIGN §4. */
export function renderDiagnosisJson(r: DiagnosisReply): object {
  return {
    ok: true,
    reading: '',
    diagnosis: { cause: r.cause, readable: r.readable, source: r.source, headline: r.headline, evidence: r.evidence, actions: r.actions, comparison: r.comparison },
    // The setup the log was held against, with the notices its estimate's first screen says (issue 22 item 5).
    ...(r.setup ? { setup: { request: r.setup.request, verdict: r.setup.verdict, notices: r.setup.notices } } : {}),
    suggestions: r.levers.map((l) => ({ change: l.change, deviceBytes: Math.round(l.deviceBytes), note: [l.cost, l.note].filter(Boolean).join('; ') })),
  };
}
