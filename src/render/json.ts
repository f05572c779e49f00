import type { Reply } from '../reply/types.js';
import { renderDiagnosisJson } from './json/diagnosis.js';

/** The machine-readable contract of DESIGN §4; field names exactly as written there. */
export function renderJson(r: Reply): object {
  if (r.kind === 'error') {
    return { ok: false, error: { message: r.message, at: r.at, expected: r.expected, suggestion: r.suggestion } };
  }
  if (r.kind === 'diagnosis') return renderDiagnosisJson(r);
  if (r.kind === 'help') {
    return { ok: true, reading: '', help: { title: r.title, text: r.text, examples: r.examples }, tips: r.tips.map((t) => ({ topic: t.topic, text: t.text })) };
  }
  const e = r.estimate;
  const result: Record<string, unknown> = {
    perGpu: {
      components: r.breakdown.map((c) => ({ name: c.name, bytes: Math.round(c.bytes), formula: c.formula })),
      peakAllocatedBytes: Math.round(e.peakAllocatedBytes),
      peakReservedBytes: Math.round(e.peakReservedBytes),
      deviceBytes: Math.round(e.deviceBytes),
      capacityBytes: e.capacityBytes === null ? null : Math.round(e.capacityBytes),
    },
    // Three-valued (issue 23): "yes", "tight" (under 5% of the card to spare, or a server holding
    // fewer sequences at once than asked), "no"; null with no card named.
    fits: r.verdict.status === 'unknown' ? null : r.verdict.status,
    // Seq or batch not stated, on a named card: what fits along each (null otherwise).
    envelope: r.verdict.envelope,
    headroomBytes: e.headroomBytes === null ? null : Math.round(e.headroomBytes),
    // What headroomBytes measures: a preallocating server fills its budget with KV cache, so its
    // margin is the pool beyond one sequence of max-model-len (the whole pool where the engine
    // shortens requests to it), never free memory on the card.
    headroomOf: e.serving ? (e.serving.clipsToPool ? 'kvPool' : 'kvPoolBeyondOneSequence') : 'card',
    hostBytes: Math.round(e.hostBytes),
  };
  if (e.capacityBytes === null) result.fitsOn = e.fitsOn;
  // GPUs counted with no card named: perGpu and fitsOn are for each of that many GPUs.
  if (r.scenario.unnamedGpus) result.gpus = r.scenario.unnamedGpus;
  if (e.serving) result.serving = e.serving;
  const out: Record<string, unknown> = {
    ok: true,
    reading: r.reading,
    scenario: r.scenario,
    assumptions: r.assumptions,
    ignored: r.ignored,
    // Every fact with its rule chain and the user's words (issue 22, item 6), and what no fact used (item 4).
    trace: (r.trace ?? []).map((f) => ({ fact: f.fact, value: f.value, rules: f.rules, at: f.at, end: f.end, words: f.words, weak: f.weak })),
    notUsed: (r.notUsed ?? []).map((n) => ({ words: n.words, at: n.at, end: n.end, kind: n.kind, ...(n.reason ? { reason: n.reason } : {}) })),
    result,
  };
  if (r.answer) out.answer = { kind: r.answer.kind, value: r.answer.value };
  out.suggestions = r.levers.map((l) => ({ change: l.change, deviceBytes: Math.round(l.deviceBytes), note: [l.cost, l.note].filter(Boolean).join('; ') }));
  out.tips = r.tips.map((t) => ({ topic: t.topic, text: t.text }));
  return out;
}
