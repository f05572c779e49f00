import { describe, expect, it } from 'vitest';
import { readInThread } from '../../src/core/opening.js';
import { saidWeak, type FactTrace } from '../../src/scenario/facts.js';
import { frameworkEvidence, isWeakFrameworkEvidence } from '../../src/scenario/framework-evidence.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * Every framework fact records the class of evidence it stands on (issue 22, b20: the framework was the
 * field most often wrong in silence); a class weaker than the user naming or running the tool is
 * said on the first screen, a strong one never.
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;
const frameworkFacts = (text: string): FactTrace[] => {
  const outcome = readInThread(text, null).outcome;
  if (!outcome.ok || !outcome.scenario) throw new Error(outcome.ok ? 'read as help' : outcome.error.message);
  return (outcome.trace ?? []).filter((f) => f.fact === 'framework');
};
const classes = (text: string) => frameworkFacts(text).map((f) => f.evidence);

describe('the framework fact carries its evidence class', () => {
  it.each([
    ['c764', 'named'], // "I am using litgpt to pretrain Llama3.1-70b" (Lightning-AI/litgpt#1828)
    // src/train_bash.py, LLaMA-Factory's own script, but the words never name the tool: the path only suggests it (rtrain11).
    ['c002', 'suggested'],
    ['c1380', 'command'], // `accelerate launch -m axolotl.cli.train`, axolotl's own entry point
    ['c299', 'setting'], // algorithm.adv_estimator=grpo, verl's key
    ['c709', 'suggested'], // ray::WorkerDict.actor_rollout… worker names in a process table (verl-project/verl#224)
    ['c744', 'name-part'], // "DeepSeek-R1:671b", an Ollama-style tag in prose (deepseek-ai/DeepSeek-R1#460)
    ['c143', 'name-part'], // an unsloth/… Hub id (the organisation only suggests Unsloth)
  ])('%s: %s', (id, evidence) => {
    expect(classes(line(id).text)).toContain(evidence);
  });

  it("c560 (\"using the DPOTrainer\"): a trainer's class name is its API, run: code, not a name-part mention", () => {
    expect(classes(line('c560').text)).toContain('code');
    const facts = frameworkFacts('I get OOM while using the GRPOTrainer on qwen2.5-7b with 8x h100');
    expect(facts.map((f) => f.evidence)).toEqual(['code']);
    expect(saidWeak(facts)).toEqual([]);
  });

  it('a framework no words set is the default class', () => {
    expect(classes('llama-2-7b lora on 1x rtx 4090')).toEqual(['default']);
  });

  it('invented: a link label and a question are mentions; words of use name it', () => {
    expect(classes('llama-2-7b lora on 2x a100 80gb; see [DeepSpeed](https://github.com/microsoft/DeepSpeed) for tips')).toContain('link');
    expect(classes('llama-2-7b lora on 2x a100 80gb, can deepspeed fix this?')).toContain('asked');
    expect(classes('llama-2-7b lora on 2x a100 80gb with deepspeed')).toContain('named');
  });

  it('the weak classes are exactly the ones said on the first screen (corpus, every framework fact with words)', () => {
    for (const l of loadCorpus().filter((c) => !c.thread).slice(0, 400)) {
      const outcome = readInThread(l.text, null).outcome;
      if (!outcome.ok || !outcome.scenario) continue;
      for (const f of (outcome.trace ?? []).filter((g) => g.fact === 'framework' && g.at !== null)) {
        expect(f.weak, `${l.id} ${f.words} ${f.evidence}`).toBe(isWeakFrameworkEvidence(f.evidence!));
      }
    }
  });

  it('order of the classes: a default has no words; a weak rule outranks a mention; a mention outranks a command', () => {
    expect(frameworkEvidence(['default'], false, null)).toBe('default');
    expect(frameworkEvidence(['prose.ollama-tag', 'item.framework'], true, 'name-part')).toBe('suggested');
    expect(frameworkEvidence(['command.llama-factory-script', 'item.framework'], false, 'link')).toBe('link');
    expect(frameworkEvidence(['normalise.lower-case', 'code.import', 'item.framework'], false, null)).toBe('code');
    expect(frameworkEvidence(['normalise.lower-case', 'code.framework-class', 'item.framework'], false, 'name-part')).toBe('code');
    expect(frameworkEvidence(['normalise.lower-case', 'code.framework-class', 'item.framework'], false, 'asked')).toBe('asked');
  });

  it('a strong class is never said as weak beside the same value said weakly (saidWeak keeps one saying)', () => {
    const facts = frameworkFacts('unsloth/llama-3-8b-bnb-4bit qlora with unsloth on 1x rtx 4090');
    expect(saidWeak(facts)).toEqual([]);
  });
});
