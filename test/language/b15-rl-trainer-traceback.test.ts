import { describe, expect, it } from 'vitest';
import { readInThread } from '../../src/core/opening.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * Batch b15, c591 (OpenRLHF/OpenRLHF): OpenRLHF's 70B PPO example failed with Ray's OOM; the only
 * trainer named is the traceback's outermost frame, `File "…/examples/train_ppo_ray.py", line 289,
 * in <module>`, and the log was blanked whole, so the run was read as a plain HF full fine-tune in
 * silence. That frame is the script the run started: kept for the scripts rule when its name
 * carries an RL trainer's word, and said as weak with its path.
 */
const line = loadCorpus().find((l) => l.id === 'c591')!;

const traceback = (file: string, frame = '<module>') =>
  `Traceback (most recent call last):\n  File "${file}", line 289, in ${frame}\n    train(args)\nRuntimeError: CUDA error: out of memory`;

function read(text: string) {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}: ${r.ok ? 'help' : r.error.message}`);
  return { s: r.scenario, said: r.notices.join(' | ') };
}

describe("an RL trainer named by the script a traceback's outermost frame ran", () => {
  it('c591: PPO, said as weak with the script, in its thread', () => {
    const opened = readInThread(line.thread!, null).outcome;
    const state = opened.ok && opened.scenario ? { scenario: opened.scenario, history: [] } : null;
    const r = readInThread(line.text, state).outcome;
    if (!r.ok || !r.scenario) throw new Error(r.ok ? 'help' : r.error.message);
    expect(r.scenario.framework).toBe('ppo');
    // Said with the path it was read from (cut to its first words on the first screen).
    expect(r.notices.join(' | ')).toMatch(/framework ppo — from "\/tmp\/ray\//);
  });

  it.each([
    ['/root/OpenRLHF/openrlhf/cli/train_dpo.py', 'dpo'],
    ['/workspace/grpo_train.py', 'grpo'],
    ['examples/scripts/ppo/ppo.py', 'ppo'],
    ['/home/me/run_orpo.py', 'orpo'],
  ])('%s in <module> → %s', (file, framework) => {
    const { s, said } = read(`llama-2-7b full on 8x a100, it fails:\n${traceback(file)}`);
    expect(s.framework).toBe(framework);
    expect(said).toMatch(new RegExp(`framework ${framework} — from`));
  });

  it.each([
    ['/usr/lib/python3/site-packages/trl/trainer/ppo_trainer.py', 'step'],
    ['/root/finetune.py', '<module>'],
    ['/root/ppo_config.yaml', '<module>'],
  ])("a library's frame or a script of no trainer names none: %s in %s", (file, frame) => {
    expect(read(`llama-2-7b full on 8x a100, it fails:\n${traceback(file, frame)}`).s.framework).toBe('hf');
  });

  it('a trainer the prose names wins, as before, and the traceback agrees or is only evidence', () => {
    expect(read(`llama-2-7b dpo on 8x a100\n${traceback('/root/train_dpo.py')}`).s.framework).toBe('dpo');
  });
});
