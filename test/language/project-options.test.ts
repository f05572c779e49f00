import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * A project that releases several models, named as the model or only by a folder of its repository
 * (read-tokens/project-models.ts `others`, prose/rules/path-models.ts): its first model is read as a
 * guess and the reply names the others, so the user can pick (issue 22 §5: asked, not refused). Real
 * lines: "KoAlpaca를 training하는데 … A100두개를 쓰고 있습니다" (Beomi/KoAlpaca#67, c675) asked "Which model?";
 * databrickslabs/dolly#5 (c805) names its repository only in its paths ("./dolly/config/…").
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!.text;

function said(text: string) {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${r.ok ? 'help' : r.error.message}`);
  const model = r.trace?.find((f) => f.fact === 'model');
  return { name: r.scenario.model.name, weak: model?.weak, all: [...r.notices, ...r.assumptions].join(' | ') };
}

describe('a project with several models: read as a guess, the others named', () => {
  it('c675: KoAlpaca is Polyglot-Ko-5.8B, said with its 12.8B', () => {
    const r = said(line('c675'));
    expect(r.name).toBe('Polyglot-Ko-5.8B');
    expect(r.weak).toBe(true);
    expect(r.all).toMatch(/it also releases polyglot-ko-12\.8b: say which you run/);
  });

  it.each([
    ['KoAlpaca 학습을 A100 40GB 한 장으로 full fine-tuning 하면 OOM이 납니다', 'Polyglot-Ko-5.8B', /polyglot-ko-12\.8b/],
    ['python KoAlpaca/train_v1.1b/run_clm.py on 2 A100 40GB, full fine-tune OOM', 'Polyglot-Ko-5.8B', /polyglot-ko-12\.8b/],
    ['I ran python dolly/training/trainer.py on 8 V100 32GB with zero3 and got OOM', 'GPT-J-6B', /pythia-12b, pythia-6\.9b, pythia-2\.8b/],
    ['fine-tuning dolly on 4x A100 40GB runs out of memory', 'GPT-J-6B', /pythia-12b/],
  ])('%j', (text, name, others) => {
    const r = said(text);
    expect(r.name).toBe(name);
    expect(r.weak).toBe(true);
    expect(r.all).toMatch(others);
  });

  it('a model the message names wins over the project folder', () => {
    const r = said('python KoAlpaca/train.py with llama-2-7b on 2 A100 40GB OOM');
    expect(r.name).toBe('Llama-2-7B');
    expect(r.all).not.toMatch(/the model that project trains/);
  });

  it('a folder that only contains the name is no project: "dolly_data/train.json" names none', () => {
    const r = resolveRequest('full fine-tune with dolly_data/train.json on 4x A100 40GB', null);
    expect(r.ok).toBe(false);
  });
});
