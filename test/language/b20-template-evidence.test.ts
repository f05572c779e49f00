import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readInThread } from '../../src/core/opening.js';
import { CHECKLIST_RULES } from '../../src/language/reconcile/boilerplate.js';
import { saidWeak, weakFactNotices } from '../../src/scenario/facts.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * b20 (issue 22): an issue template's checklist lines are the template's words, and a framework
 * named as a Markdown link's label is a reference to that project, not the run. c737
 * (ymcui/Chinese-LLaMA-Alpaca#815): the template's "第三方插件问题：例如[llama.cpp](…)、
 * [text-generation-webui](…)" had made "训练33B的lora … 5张A100 80G" llama.cpp inference, said nowhere.
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;
const read = (text: string) => {
  const outcome = readInThread(text, null).outcome;
  if (!outcome.ok || !outcome.scenario) throw new Error(outcome.ok ? 'read as help' : outcome.error.message);
  return outcome;
};

describe("a template's checklist line sets nothing", () => {
  it('c737: the LoRA training run on 5 A100 80G is read, with no llama.cpp and no inference from the checklist', () => {
    const { scenario } = read(line('c737').text);
    expect(scenario!.framework).toBe('hf');
    expect(scenario!.mode).toBe('lora');
    expect(scenario!.hardware?.count).toBe(5);
  });

  it("c535 (huggingface/accelerate's template): the unticked 'examples/ folder of Accelerate … transformers' line names no framework", () => {
    const text = line('c535').text;
    const at = text.indexOf('- [ ] One of the scripts');
    const end = text.indexOf('\n', at);
    const fromChecklist = (read(text).trace ?? []).filter((f) => f.at !== null && f.at >= at && f.at < end);
    expect(fromChecklist).toEqual([]);
  });

  it('the rule example is a checklist line (ticked), and its label is captured', () => {
    for (const rule of CHECKLIST_RULES) {
      const m = [...rule.example.matchAll(rule.pattern)];
      expect(m).toHaveLength(1);
      expect(m[0]![1]).toBe('X');
    }
  });

  it('invented: the same line in English (Chinese-LLaMA-Alpaca-2) around a training question', () => {
    const text = [
      '### Check before submitting issues',
      '- [x] Third-party plugin issues - e.g., [llama.cpp](https://github.com/ggerganov/llama.cpp), [text-generation-webui](https://github.com/oobabooga/text-generation-webui), we recommend checking the corresponding project for solutions',
      '',
      'Training a 13b LoRA on 2x A100 80GB runs out of memory.',
    ].join('\n');
    const { scenario } = read(text);
    expect(scenario!.framework).toBe('hf');
    expect(scenario!.mode).toBe('lora');
  });

  it('invented: a ticked option whose label is the setting alone is the user\'s choice; unticked it is not', () => {
    const ask = (mark: string) => read(`### Which engine?\n- [${mark}] vLLM\n- [ ] SGLang\n\nqwen2.5-7b on 1x a10g runs out of memory`).scenario!;
    expect(ask('x').inference?.engine).toBe('vllm');
    expect(ask(' ').inference?.engine ?? 'hf').not.toBe('vllm');
  });

  it('property: a template checklist sentence naming a tool, ticked or not, changes nothing read', () => {
    const requests = ['llama-2-7b lora on 1x rtx 4090', 'mistral-7b full fine-tune bf16 on 2x a100 80gb', 'qwen2-72b qlora zero3 on 8x h100'];
    const tools = ['llama.cpp', 'vLLM', 'DeepSpeed', 'Unsloth', 'ollama', 'text-generation-webui', 'axolotl'];
    fc.assert(
      fc.property(fc.constantFrom(...requests), fc.constantFrom(...tools), fc.constantFrom(' ', 'x', 'X'), (request, tool, mark) => {
        const plain = read(request).scenario;
        const templated = read(`- [${mark}] I have read the FAQ; for third-party tools such as ${tool} please ask that project\n\n${request}`).scenario;
        expect(templated).toEqual(plain);
      }),
      { numRuns: 40 },
    );
  });
});

describe("a framework named as a link's label is a reference, said as weak", () => {
  it('invented: "e.g. [llama.cpp](…)" beside a training run is said on the first screen with the link', () => {
    const outcome = read('llama-2-7b lora on 2x rtx 4090 OOMs; for third-party tools, e.g. [llama.cpp](https://github.com/ggerganov/llama.cpp), ask there');
    const weak = saidWeak(outcome.trace ?? []).filter((f) => f.fact === 'framework');
    expect(weak).toHaveLength(1);
    expect(weakFactNotices(weak)[0]).toMatch(/^framework llamacpp — from "\[llama\.cpp\]\(https:\/\/github\.com\/ggerganov\/llama\.cpp\)"\? say "hf"/);
  });

  it('invented: "using the [DeepSpeed](…)" is the tool run: not said as weak', () => {
    const outcome = read('llama-2-7b lora on 2x rtx 4090 OOMs using the [DeepSpeed](https://github.com/microsoft/DeepSpeed) zero3 config');
    expect(saidWeak(outcome.trace ?? []).filter((f) => f.fact === 'framework')).toEqual([]);
  });

  it('c456: a link GitHub made of a pasted address (the TGI image in the YAML) is the image run, not a reference', () => {
    const outcome = read(line('c456').text);
    expect(outcome.scenario!.framework).toBe('tgi');
    expect(saidWeak(outcome.trace ?? []).filter((f) => f.fact === 'framework')).toEqual([]);
  });
});
