import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clausesOf, cuesIn, ownerOf, OWNER_RULES } from '../../src/language/owners/index.js';
import { readInThread } from '../../src/core/opening.js';
import { parseRequest } from '../../src/language/parse.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * Whose run a clause describes (src/language/owners/, reconcile/owners.ts): the request's clause
 * wins over a past run, a run that works, and someone else's (a paper, a README, other issues).
 */

const corpus = loadCorpus();
const line = (id: string) => corpus.find((l) => l.id === id)!.text;

/** A reply read in its thread: the thread's opening first, as the chat holds it. */
function inThread(opening: string, reply: string) {
  const opened = readInThread(opening, null).outcome;
  if (!opened.ok || !opened.scenario) throw new Error(`thread not read: ${opening}`);
  const r = readInThread(reply, { scenario: opened.scenario, history: [] }).outcome;
  if (!r.ok || !r.scenario) throw new Error(`reply not read: ${reply}`);
  return { scenario: r.scenario, said: r.assumptions.join(' | '), otherRun: (r.notUsed ?? []).filter((n) => n.reason === 'another run').map((n) => n.words) };
}

/** The resolved request, its notes and what it lists as not used for another run. */
function resolved(text: string) {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}: ${r.ok ? 'help' : r.error.message}`);
  const otherRun = (r.notUsed ?? []).filter((n) => n.reason === 'another run').map((n) => n.words);
  return { scenario: r.scenario, said: r.assumptions.join(' | '), otherRun, trace: r.trace ?? [] };
}

const ownerAt = (text: string, words: string) => {
  const at = text.indexOf(words);
  return ownerOf(clausesOf(text), at, at + words.length)?.owner ?? null;
};

describe('the cue rules', () => {
  it.each(OWNER_RULES.map((r) => [r.id, r] as const))('%s marks its own example', (id, rule) => {
    expect(cuesIn(rule.example).map((c) => c.rule)).toContain(id);
  });

  it('"doesn\'t work", "not working" are failures, not a run that works', () => {
    for (const text of ["zero3 doesn't work well with PPO", 'fsdp is not working well here', 'it never worked fine']) {
      expect(cuesIn(text).filter((c) => c.owner === 'past')).toEqual([]);
    }
  });

  it('"before" is a past run only where it closes its clause, never the preposition', () => {
    expect(cuesIn('it ran on two 3090s before.').some((c) => c.rule === 'owner.past.before-at-end')).toBe(true);
    expect(cuesIn('I trained 7b before and now want 13b').some((c) => c.rule === 'owner.past.before-at-end')).toBe(true);
    expect(cuesIn('it OOMs before the first step').some((c) => c.owner === 'past')).toBe(false);
  });

  it('a document the user follows or changes is theirs; one said to run something is not', () => {
    expect(cuesIn('Sets micro_batch_size from 4 to 2 in the example.').some((c) => c.owner === 'reference')).toBe(false);
    expect(cuesIn('the paper uses 64 A100s').some((c) => c.owner === 'reference')).toBe(true);
    expect(cuesIn('according to the README, 8 GPUs').some((c) => c.owner === 'reference')).toBe(true);
    expect(cuesIn('采用官方默认的加载精度(fp32)').some((c) => c.owner === 'reference')).toBe(false);
    expect(cuesIn('官方benchmark说用2张A100').some((c) => c.owner === 'reference')).toBe(true);
  });
});

describe('the clause engine', () => {
  it('a mention takes the nearest cue of its clause', () => {
    const text = 'I trained llama-2-7b before and now want to train llama-2-13b';
    expect(ownerAt(text, 'llama-2-7b')).toBe('past');
    expect(ownerAt(text, 'llama-2-13b')).toBe('request');
  });

  it("a clause with no cue takes its sentence's owner, the clause before first", () => {
    const text = 'Previously, I trained 13b on 8 GPUs. With qlora on 2 GPUs, it works fine. 4 GPUs, OOM.';
    expect(ownerAt(text, '13b on 8 GPUs')).toBe('past');
    expect(ownerAt(text, 'qlora on 2 GPUs')).toBe('past');
    expect(ownerAt(text, '4 GPUs')).toBe('request');
  });

  it("someone else's run is never taken from a clause after: the user's own card stays theirs", () => {
    const text = '我是A40 48G 显存，官方benchmark用的是A100';
    expect(ownerAt(text, 'A40 48G')).not.toBe('reference');
  });

  it('a sentence with no cue is nobody\'s in particular', () => {
    expect(ownerAt('llama-2-7b on 8 A100s', '8 A100s')).toBeNull();
  });
});

describe('real lines: the request wins over another run', () => {
  it('c449: "my intel mac can run llama 7b" is a past run; the question is Llama 2 70B', () => {
    const { scenario, said } = resolved(line('c449'));
    expect(scenario.model.name).toMatch(/70b/i);
    expect(said).toContain('"llama 7b" set aside as your setup\'s model: another run');
  });

  it('c448: the 70B inference that ran is past; the training asked about is the request', () => {
    const { scenario, said } = resolved(line('c448'));
    expect(scenario.mode).toBe('full');
    expect(said).toMatch(/"推理" set aside as your setup's mode/);
  });

  it('c332: "I can train it when cpt" is the run that works; the GRPO run is no pre-training', () => {
    const { scenario, said } = resolved(line('c332'));
    expect(scenario.pretrain).toBe(false);
    expect(scenario.framework).toBe('grpo');
    expect(said).toMatch(/"cpt" set aside/);
  });

  it('c438: "previous issues mentioned zero3" is hearsay, not the run\'s sharding', () => {
    const { scenario, otherRun } = resolved(line('c438'));
    expect(scenario.sharding).not.toBe('zero3');
    expect(otherRun).toContain('zero3');
  });

  it('c441: "2张V100就够了" is the run that was enough; the five V100s are the request', () => {
    const { scenario, otherRun } = resolved(line('c441'));
    expect(scenario.hardware?.count).toBe(5);
    expect(otherRun).toContain('2张V100');
  });

  it('c450: the Qwen2-VL 7B that worked before is another run', () => {
    const { scenario, said } = resolved(line('c450'));
    expect(scenario.model.name).toMatch(/3b/i);
    expect(said).toMatch(/"Qwen2-VL 7B" set aside/);
  });

  it('c458: "7B的FT" is a fine-tune, not running the model', () => {
    expect(resolved(line('c458')).scenario.mode).toBe('full');
  });
});

describe('in a thread, the thread states the model', () => {
  const thread = (id: string) => corpus.find((l) => l.id === id)!.thread!;

  it("c441: a past run's baichuan1 does not replace the thread's baichuan2-7b", () => {
    const { scenario, said, otherRun } = inThread(thread('c441'), line('c441'));
    expect(scenario.model.id).toBe('baichuan2-7b');
    expect(said).toContain('"baichuan" set aside as your setup\'s model: said of another run');
    expect(said).not.toContain('read as baichuan-7b');
    expect(otherRun).toEqual(expect.arrayContaining(['baichuan', '2张V100']));
  });

  it('c448: where the thread named only the family, the past run gives the size it left open', () => {
    expect(inThread(thread('c448'), line('c448')).scenario.model.id).toBe('llama-2-70b');
  });

  it('an invented thread: a sized model stays; an unsized one takes its family\'s size from a past run', () => {
    expect(inThread('qlora mistral-7b on a 4090', 'previously llama-2-13b ran fine, but now I get OOM on my 4090').scenario.model.name).toMatch(/mistral/i);
    expect(inThread('llama2 lora on 2 A100 80GB', 'last time llama-2-13b worked fine, now OOM on my 2 A100 80GB').scenario.model.id).toBe('llama-2-13b');
  });
});

describe('a message that only reports another run', () => {
  it('c212: "32b model can run smoothly on RTX 4090" has no request to prefer, and no weak fact from it', () => {
    const { trace } = resolved(line('c212'));
    expect(trace.filter((f) => f.weak && f.weakWords?.includes('smoothly'))).toEqual([]);
  });
});

describe('invented variations', () => {
  it('a past run in either order, in English and Chinese', () => {
    for (const text of [
      'I previously trained llama-2-7b on 8 A100s. Now I want to fine-tune llama-2-13b on 4 A100s, how much memory?',
      'Can I fine-tune llama-2-13b on 4 A100s? Last time llama-2-7b on 8 A100s worked fine.',
      'I used to train llama-2-7b on 8 A100s\nnow: llama-2-13b on 4 A100s, will it fit?',
    ]) {
      const { scenario, otherRun } = resolved(text);
      expect(scenario.model.name, text).toMatch(/13b/i);
      expect(scenario.hardware?.count, text).toBe(4);
      expect(otherRun, text).toEqual(expect.arrayContaining(['llama-2-7b']));
    }
    // The cue that decided is read: never listed as a word not read.
    const cued = parseRequest('Previously I trained llama-2-7b on 8 A100s. Now I want to fine-tune llama-2-13b on 4 A100 80GB');
    expect(cued.ok && cued.unread.map((u) => u.word)).not.toContain('Previously');
    const zh = resolved('之前用2张A100训练7b没问题，现在想用4张A100训练13b，能行吗？');
    expect(zh.scenario.hardware?.count).toBe(4);
    expect(zh.otherRun).toEqual(['2张A100', '7b']);
  });

  it("a paper's cards give way to the user's; a setting only the README names is set aside, said", () => {
    expect(resolved('The paper uses 64 A100s for the 65b; can I fine-tune llama-65b with lora on 8 A100 80GB?').scenario.hardware?.count).toBe(8);
    const readme = resolved('The README says zero3, but I run llama-2-13b full on 4 A100 80GB and get OOM');
    expect(readme.scenario.sharding).not.toBe('zero3');
    expect(readme.otherRun).toContain('zero3');
  });

  it('beside a run that fails, a setting said only of the run that works is what differs: set aside', () => {
    // lm-sys/FastChat#2429 (c426): "… CUDA out of memory … when using --load-8bit it loads normally."
    const { said, otherRun } = resolved(line('c426'));
    expect(otherRun).toContain('--load-8bit');
    expect(said).toContain('a run you say works');
    const invented = resolved('llama-2-13b on my 3090 gets OOM. With load_in_4bit it works fine though.');
    expect(invented.scenario.weights).not.toBe('nf4');
    // An earlier run's setting with no failure beside it stays, said.
    expect(resolved('Previously I used load_in_4bit. How much memory for llama-2-13b on my 3090?').scenario.weights).toBe('nf4');
  });

  it('没有任何问题 / 没什么问题: 没问题 with a word between is a run that works (li-plus/chatglm.cpp#23, c990)', () => {
    const real = resolved(line('c990'));
    expect(real.otherRun).toContain('q_4');
    expect(real.scenario.weights).not.toBe('q4_k_m');
    expect(cuesIn('同样的main运行q_4的权重没有任何问题').some((c) => c.owner === 'past')).toBe(true);
    expect(cuesIn('用q4的权重跑 没什么问题').some((c) => c.owner === 'past')).toBe(true);
    expect(cuesIn('4bit 没有什么问题，8bit就OOM').some((c) => c.owner === 'past')).toBe(true);
    // A question about problems is no run that works.
    expect(cuesIn('有没有什么问题').some((c) => c.owner === 'past')).toBe(false);
  });

  it('能跑吗 / 可以训练吗 / 没问题吗 ask whether a run will fit: the asked setting stays the setup', () => {
    // Found at the ninth session's review with a stranger's message: "seq 8192能跑吗" had been set aside
    // as "a run you say works", so the reply answered seq 2048.
    const asked = resolved('我们有4台机器，每台8张A100 40G，想用deepspeed zero3全参微调llama3 70b，seq 8192能跑吗');
    expect(asked.scenario.seq).toBe(8192);
    expect(asked.otherRun).toEqual([]);
    for (const question of ['seq 8192能跑吗', '4张卡可以训练Qwen2-7B吗？', 'batch 4没问题吗', '这样能运行么', '可以跑起来嘛']) {
      expect(cuesIn(question).some((c) => c.owner === 'past'), question).toBe(false);
    }
    // The statements they echo are still runs that work.
    for (const said of ['seq 4096能跑，8192就OOM', '4张卡可以训练Qwen2-7B。', 'batch 4没问题']) {
      expect(cuesIn(said).some((c) => c.owner === 'past'), said).toBe(true);
    }
  });

  it('a run said to go correctly or properly works; one failing to does not (c997, c890)', () => {
    const real = resolved(line('c997'));
    expect(real.scenario.seq).not.toBe(256);
    expect(real.otherRun.join(' ')).toMatch(/model_max_length/);
    expect(cuesIn('it runs correctly only when I set max_seq_len to 512').some((c) => c.owner === 'past')).toBe(true);
    expect(cuesIn('training works properly with batch size 2, batch 4 OOMs').some((c) => c.owner === 'past')).toBe(true);
    expect(cuesIn('Might be failing to load the model correctly in bf16').some((c) => c.owner === 'past')).toBe(false);
    expect(cuesIn("it doesn't run correctly").some((c) => c.owner === 'past')).toBe(false);
  });

  it('a condition or a question is no run that works (才能跑, 能不能跑)', () => {
    expect(cuesIn('需要多少显存才能跑1M').some((c) => c.owner === 'past')).toBe(false);
    expect(cuesIn('4张卡能不能跑').some((c) => c.owner === 'past')).toBe(false);
    expect(cuesIn('lora可以跑起来').some((c) => c.owner === 'past')).toBe(true);
  });

  it('a setting said only of a past run is kept, as a weak fact with its clause', () => {
    const { scenario, trace } = resolved('I previously fine-tuned llama-2-7b with lora; now it OOMs on my 3090');
    expect(scenario.model.name).toMatch(/7b/i);
    const model = trace.find((f) => f.fact === 'model')!;
    expect(model.weak).toBe(true);
    expect(model.weakWords).toContain('previously');
  });

  it("a training run's rollouts stay training; serving alone, or after a past fine-tune, stays serving", () => {
    expect(read('GRPO on qwen2.5-7b, use_vllm: true so vllm generates the rollouts, gradient_accumulation_steps 4 on 8 H100').scenario.mode).not.toBe('inference');
    expect(read('serve qwen2.5-7b with vllm on 2 H100').scenario.mode).toBe('inference');
    expect(read('I fine-tuned qwen2.5-7b with lora before, now I want to serve it with vllm on 1 H100').scenario.mode).toBe('inference');
  });

  const PAST = ['Previously I trained', 'Last time I trained', 'I used to train', 'The paper trained', 'Earlier I fine-tuned'];
  const TAIL = ['', ' and it worked fine', ' with no problems'];
  const ASK = [(m: string, n: number) => `I want to fine-tune ${m} on ${n} A100 80GB`, (m: string, n: number) => `Can I fine-tune ${m} on ${n} A100 80GB?`, (m: string, n: number) => `${m} OOMs on ${n} A100 80GB`];
  it('whatever the cue, order and separator, the request keeps its own model and cards', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PAST),
        fc.constantFrom(...TAIL),
        fc.constantFrom(...ASK),
        fc.constantFrom(2, 4, 16),
        fc.boolean(),
        fc.constantFrom('. ', '\n', '.\n\n'),
        (past, tail, ask, n, pastFirst, sep) => {
          const other = `${past} llama-2-7b on 8 A100 80GB${tail}`;
          const request = ask('llama-2-13b', n);
          const text = pastFirst ? `${other}${sep}${request}` : `${request}${sep}${other}`;
          const out = parseRequest(text);
          expect(out.ok, text).toBe(true);
          if (!out.ok) return;
          const cards = out.items.filter((i) => i.kind === 'hardware');
          expect(cards.map((c) => (c.kind === 'hardware' ? c.count : null)), text).toEqual([n]);
          expect(out.items.filter((i) => i.kind === 'model').map((i) => i.text), text).toEqual(['llama-2-13b']);
          expect(out.notes.join('\n'), text).toMatch(/set aside as your setup's (?:model|cards): another run/);
        },
      ),
      { numRuns: 60 },
    );
  });
});
