import { describe, expect, it } from 'vitest';
import { traceText } from '../../src/adapters/console/trace.js';
import { respond } from '../../src/core/assistant.js';
import { traceItem } from '../../src/language/item-trace.js';
import type { Item } from '../../src/language/items.js';
import { MappedText } from '../../src/language/mapped-text.js';
import { parseRequest } from '../../src/language/parse.js';
import { renderJson } from '../../src/render/json.js';
import type { EstimateReply } from '../../src/reply/types.js';
import { corpusEstimates } from '../corpus/estimates.js';
import { freshParse } from '../corpus/fresh.js';

/**
 * Issue 22, item 6: every fact a reply states points to the user's words it came from and the
 * rules behind it (or to a default / the thread), on every line of the real-request corpus.
 */

const estimates = corpusEstimates();

/** The facts every estimate states, traced whether or not the user said them. */
const ALWAYS = ['model', 'method', 'precision', 'gpus', 'seq', 'batch', 'framework'];

describe('every fact of a reply is traced (corpus)', () => {
  it('reads most corpus lines as estimates (the checks below are not vacuous)', () => {
    expect(estimates.length).toBeGreaterThan(200);
  });

  it('every fact has a rule chain, and a stated fact a non-empty span of the user text holding its words', () => {
    for (const { line, reply } of estimates) {
      for (const f of reply.trace ?? []) {
        expect(f.rules.length, `${line.id} ${f.fact}`).toBeGreaterThan(0);
        if (f.at === null) {
          expect(['default', 'follow-up'], `${line.id} ${f.fact}`).toContain(f.rules[0]);
          continue;
        }
        expect(f.at, `${line.id} ${f.fact}`).toBeGreaterThanOrEqual(0);
        expect(f.end!, `${line.id} ${f.fact}`).toBeGreaterThan(f.at);
        expect(f.end!, `${line.id} ${f.fact}`).toBeLessThanOrEqual(line.text.length);
        expect(f.words, `${line.id} ${f.fact}`).toBe(line.text.slice(f.at, f.end!));
        // The chain ends in the item's reader: never missing, even where no rewrite was named.
        expect(f.rules.at(-1), `${line.id} ${f.fact}`).toMatch(/^item\.[a-zA-Z][a-zA-Z0-9]*$/);
      }
    }
  });

  it('the model, method, precision, GPUs, seq, batch and framework are traced on every estimate', () => {
    for (const { line, reply } of estimates) {
      const facts = new Set((reply.trace ?? []).map((f) => (f.fact === 'card' ? 'gpus' : f.fact)));
      for (const fact of ALWAYS) expect(facts.has(fact), `${line.id} ${fact}`).toBe(true);
    }
  });

  it("each fact's value is what the reply reads: the model's name and the seq are in the Read-as line", () => {
    for (const { line, reply } of estimates) {
      const model = reply.trace!.find((f) => f.fact === 'model')!;
      const seq = reply.trace!.find((f) => f.fact === 'seq')!;
      expect(reply.reading, line.id).toContain(model.value);
      // A question's reply reads the setup that answers it (another seq for "max seq").
      if (reply.answer === null) expect(reply.reading, line.id).toContain(`seq ${seq.value}`);
    }
  });

  // One case per line, each with its own budget: the corpus's long lines are parsed afresh (the
  // parser remembers only short texts), ~7 s of CPU together, past 20 s on a loaded 2-core machine.
  // Parsed once per worker: accounting parses the same lines.
  it.each(estimates.map(({ line }) => [line.id, line.text] as const))('%s: every item the grammar accepted carries its span and rule chain', (id, text) => {
    const parsed = freshParse(text);
    if (!parsed.ok) return;
    expect(parsed.traces.length, id).toBe(parsed.items.length);
    parsed.items.forEach((item, i) => {
      const t = parsed.traces[i]!;
      expect([t.at, t.end], id).toEqual([item.at, item.end]);
      expect(t.rules.at(-1), id).toBe(`item.${item.kind}`);
    });
  });
});

describe('rule chains', () => {
  const seqItem = (at: number, end: number): Item => ({ kind: 'seq', value: 4096, at, end, text: '' });

  it('a named rewrite over the item is in its chain, before the reader', () => {
    const text = MappedText.of('llama ctx=4k please').replace(/ctx=4k/g, () => 'seq 4096', 'test.ctx-key');
    const t = traceItem(seqItem(6, 12), text, []);
    expect(t.rules).toEqual(['test.ctx-key', 'item.seq']);
    expect(t.words).toBe('ctx=4k');
    expect(t.weak).toBe(false);
  });

  it('a rewrite elsewhere in the text is not in the chain', () => {
    const text = MappedText.of('llama ctx=4k please').replace(/please/g, () => '', 'test.courtesy');
    expect(traceItem(seqItem(6, 12), text, []).rules).toEqual(['item.seq']);
  });

  it('a weak rewrite makes the item weak and keeps the words it read', () => {
    const text = MappedText.of('every 2-3 steps').replace(/2-3 steps/g, () => 'on 2 gpus', { id: 'test.guess', weak: true });
    const t = traceItem({ kind: 'hardware', at: 6, end: 15 }, text, []);
    expect(t.weak).toBe(true);
    expect(t.weakStep).toEqual({ rule: 'test.guess', words: '2-3 steps' });
  });

  it("a hardware phrase whose count was guessed is weak, with the hardware reading's own note", () => {
    const parsed = parseRequest('2台服务器4张4090 跑 qwen2.5-7b lora');
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const hw = parsed.traces[parsed.items.findIndex((i) => i.kind === 'hardware')]!;
    expect(hw.weak).toBe(true);
    expect(hw.doubt).toMatch(/2台服务器4张4090/);
  });
});

describe('--trace and --json carry the facts', () => {
  const message = 'finetune llama-3-8b with lora r16, seq 4096, bs 4 on 2x A100 80GB';
  const reply = respond(message, null).reply as EstimateReply;

  it('--trace prints one line per fact: fact, value, rule chain, span and the words', () => {
    const text = traceText(message, reply);
    const section = text.slice(text.indexOf('facts ('), text.indexOf('not used ('));
    const rows = section.split('\n').slice(1).filter((r) => r.trim() !== '');
    expect(rows.length).toBe(reply.trace!.length);
    const seq = rows.find((r) => /\bseq\b/.test(r))!;
    expect(seq).toMatch(/4096/);
    expect(seq).toMatch(/item\.seq/);
    expect(seq).toContain(JSON.stringify('seq 4096'));
  });

  it('--json has a trace entry per fact with the contract fields', () => {
    const json = renderJson(reply) as { trace: Record<string, unknown>[]; notUsed: unknown[] };
    expect(json.trace.length).toBe(reply.trace!.length);
    for (const f of json.trace) expect(Object.keys(f).sort()).toEqual(['at', 'end', 'fact', 'rules', 'value', 'weak', 'words']);
    const gpus = json.trace.find((f) => f.fact === 'gpus')!;
    expect(gpus.value).toBe('2');
    expect(gpus.words).toMatch(/^(?:on )?2x A100 80GB$/);
  });

  it('a follow-up traces what it did not change to the thread', () => {
    const first = respond(message, null);
    const next = respond('seq 8192', first.state).reply as EstimateReply;
    const facts = new Map(next.trace!.map((f) => [f.fact, f]));
    expect(facts.get('seq')!.words).toBe('seq 8192');
    expect(facts.get('model')!.rules).toEqual(['follow-up']);
  });
});
