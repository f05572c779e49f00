import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { frameworkMention } from '../../src/scenario/fact-cues.js';
import { saidWeak, type FactTrace } from '../../src/scenario/facts.js';
import { resolveRequest } from '../../src/scenario/resolve.js';

/**
 * Issue 22, item 5: a framework is the run's only when the user runs it. A framework word inside
 * a longer name (a path, a config key, another product, a Hub id) or asked about ("did you use
 * accelerate or deepspeed?") is a passing mention: the fact is weak, said on the first screen.
 */

function frameworkFacts(text: string): { value: string; weak: boolean; notices: string[] } {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}`);
  const fw = (r.trace ?? []).filter((f) => f.fact === 'framework' && f.at !== null);
  const said = saidWeak(r.trace ?? []).filter((f) => f.fact === 'framework');
  return { value: r.scenario.framework, weak: fw.length > 0 && said.length > 0, notices: r.notices.filter((n) => n.startsWith('framework ')) };
}

describe('a framework only mentioned is weak', () => {
  it.each([
    // Invented: another key left empty, a repository's address, a site.
    ['lora llama-3-8b on 4x 4090, the torchtune_config: {} stays empty', 'torchtune_config'],
    ['lora llama-3-8b on 4x 4090 (see github.com/hiyouga/LLaMA-Factory)', 'github.com/hiyouga/LLaMA-Factory'],
    ['lora llama-3-8b on 4x 4090, I read ollama.com for this', 'ollama.com'],
  ])('inside a name: %j', (text, words) => {
    const read = frameworkFacts(text);
    expect(read.weak).toBe(true);
    expect(read.notices.join(' | ')).toContain(`from "${words}"`);
  });

  it.each([
    // c344 (simplescaling/s1#13), "…if you used accelerate or deepspeed along with FSDP?", presupposes FSDP: DeepSpeed
    // is set aside for it (reconcile/mentioned-frameworks.ts, mentioned-frameworks.test.ts). Both asked as options is weak:
    ['OOM with qwen2.5-32b full on 16x h100 — did you use deepspeed or fsdp?'],
    // c463 (a question about the framework, not a setting of the run).
    ['llama-2-13b on two 3090s runs out of memory. Can deepspeed resolve the problem?'],
    ['13b on 2x 3090 OOM. Will megatron help here?'],
    // c785 (huggingface/open-r1#100): an example inside a question, behind an "e.g." whose dots end no sentence.
    ["qwen2.5-7b full on a100-40g. I only have A100 40G GPUs and I'm facing OOM errors. Does anyone have suggestions for me (e.g. change deepspeed config or using some sort of data parallelism)?"],
    // Invented: other openings of an example, a word of use inside it.
    ['llama-3-8b lora on 1x 3090 OOMs. Any ideas, for example using unsloth?'],
    ['13b full on 2x a100-80g runs out of memory. What should I try, e.g. deepspeed?'],
    ['13b full on 2x a100-80g OOM. Is there a way out (such as switching to axolotl)?'],
  ])('asked about: %j', (text) => {
    const read = frameworkFacts(text);
    expect(read.weak).toBe(true);
    // Plain Hugging Face read from a mention has no "hf" to switch to: the user names the framework they run (framework-paths.test.ts).
    expect(read.notices[0]).toMatch(/^framework \S+ — from ".*"\? say (?:"hf" if you do not run|the framework you run if not)/);
  });
});

describe('an example in a statement, or a framework run before a question, stays named', () => {
  it.each([
    // Invented: the example is what the user runs (no question), and a question after a run.
    ['llama-2-13b full on 2x a100-80g with a sharding tool, e.g. deepspeed, runs out of memory.', 'deepspeed'],
    ['13b full with deepspeed on 2x a100-80g OOMs, e.g. at step 3. Why?', 'deepspeed'],
  ])('%j', (text, framework) => {
    const read = frameworkFacts(text);
    expect(read.value).toBe(framework);
    expect(read.weak).toBe(false);
  });
});

describe('DeepSpeed-MII is a server of its own, not the DeepSpeed trainer', () => {
  // c459 (deepspeedai/DeepSpeed-MII#435): "deepspeed-mii" is a serve word (memory/mii.ts), so no
  // DeepSpeed framework fact is taken from it, weak or not.
  it.each(['Can DeepSpeed-MII serve llama-2-13b on 2 GPU with 16GB?', 'llama-2-13b deepspeed-mii on 2x 16GB'])('%j', (text) => {
    const read = frameworkFacts(text);
    expect(read.value).toBe('hf');
    expect(read.notices).toEqual([]);
  });
});

describe("a framework's config key names no framework", () => {
  // c341 (huggingface/accelerate#1214): accelerate's dump lists an empty megatron_lm_config. The key
  // is accelerate's (config-keys/frameworks/accelerate.ts), set aside: it had been read as a weak Megatron.
  it('c341: an empty megatron_lm_config is set aside, and the run stays FSDP', () => {
    const read = frameworkFacts('full finetune llama-30b, fsdp on 40x a100-80g\n- megatron_lm_config: {}\n- deepspeed_config: {}');
    expect(read.value).toBe('fsdp');
    expect(read.notices).toEqual([]);
  });
});

describe('a framework the user runs is not weak', () => {
  it.each([
    ['CUDA_VISIBLE_DEVICES=0,1,2,3 llamafactory-cli train examples/train_full/qwen3_full_sft.yaml\nqwen3-8b full on 4x h100', 'llama-factory'],
    ['deepspeed --num_gpus 8 train.py --model_name_or_path meta-llama/Llama-2-7b-hf on 8x a100', 'deepspeed'],
    ['full finetune llama-2-7b with deepspeed zero3 on 4x a100', 'deepspeed'],
    ['how much memory to finetune llama-2-7b with deepspeed on 4x a100?', 'deepspeed'],
    ['axolotl train cfg.yml\nlora llama-3-8b on a 4090', 'axolotl'],
  ])('%j', (text, framework) => {
    const read = frameworkFacts(text);
    expect(read.value).toBe(framework);
    expect(read.weak).toBe(false);
  });
});

describe('frameworkMention', () => {
  const words = fc.constantFrom('deepspeed', 'megatron', 'llama-factory', 'axolotl', 'unsloth', 'torchtune');
  const part = fc.stringMatching(/^[a-z][a-z0-9]{0,7}$/);

  it('a framework word joined into a path or key is a mention, with that name as its words', () => {
    fc.assert(
      fc.property(words, part, part, fc.constantFrom('/', '_', '.', '-'), (w, a, b, sep) => {
        const name = `${a}${sep}${w}${sep}${b}`;
        const text = `my run reads ${name} today`;
        const at = text.indexOf(w);
        expect(frameworkMention(text, at, at + w.length)).toEqual({ kind: 'name-part', words: name });
      }),
    );
  });

  it('the same word as a command at the start of a line, or after "with", is run', () => {
    fc.assert(
      fc.property(words, part, (w, arg) => {
        const command = `x\n${w} train ${arg}.yaml`;
        expect(frameworkMention(command, command.indexOf(w, 2), command.indexOf(w, 2) + w.length)).toBeNull();
        const prose = `I train it with ${w} on 8 cards.`;
        expect(frameworkMention(prose, prose.indexOf(w), prose.indexOf(w) + w.length)).toBeNull();
      }),
    );
  });
});

describe('weak notices', () => {
  const fact = (over: Partial<FactTrace>): FactTrace => ({ fact: 'framework', value: 'llamacpp', rules: ['item.framework'], at: 0, end: 6, words: 'ollama', weak: false, ...over });

  it('a weak fact another item states with the same value on a strong cue is not said', () => {
    const weak = fact({ at: 20, end: 30, words: 'ollama.com', weak: true, weakWords: 'ollama.com' });
    expect(saidWeak([weak])).toEqual([weak]);
    expect(saidWeak([fact({}), weak])).toEqual([]);
    expect(saidWeak([fact({ value: 'hf' }), weak])).toEqual([weak]);
  });
});
