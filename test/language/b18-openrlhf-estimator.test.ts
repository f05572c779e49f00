import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * b18, OpenRLHF/OpenRLHF#1066 (corpus c678): `python3 -m openrlhf.cli.train_ppo_ray … --advantage_estimator
 * group_norm … --adam_offload`. OpenRLHF's PPO entry point runs the algorithm its estimator names:
 * group_norm (and dr_grpo) is GRPO, with no critic, so the script's name does not make it PPO; and
 * `--adam_offload` is DeepSpeed's optimizer offload to the CPU. Both were unread (read as PPO with a
 * value model, nothing offloaded).
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;

const command = (flags: string[], entry = 'python3 -m openrlhf.cli.train_ppo_ray') =>
  `qwen3-8b on 4x h800\n${entry} \\\n${flags.map((f) => `   ${f}`).join(' \\\n')}`;

describe("OpenRLHF's advantage estimator names the algorithm", () => {
  it('c678: GRPO with the optimizer offloaded, not PPO', () => {
    const s = read(line('c678').text).scenario;
    expect(s.framework).toBe('grpo');
    expect(s.offload.optimizer).toBe('cpu');
    expect(s.sharding).toEqual({ kind: 'zero', stage: 3 });
  });

  it('c590: its group_norm GRPO and Adam offload stay read', () => {
    const s = read(line('c590').text).scenario;
    expect(s.framework).toBe('grpo');
    expect(s.offload.optimizer).toBe('cpu');
  });

  it('c327: openrlhf.cli.train_ppo with no estimator stays PPO, its --adam_offload now read', () => {
    const s = read(line('c327').text).scenario;
    expect(s.framework).toBe('ppo');
    expect(s.offload.optimizer).toBe('cpu');
  });

  it.each([
    ['group_norm', 'grpo'],
    ['dr_grpo', 'grpo'],
    // REINFORCE++ and RLOO load no critic either: GRPO's memory (c3871, b118).
    ['reinforce_baseline', 'grpo'],
    ['reinforce', 'grpo'],
    ['rloo', 'grpo'],
    ['gae', 'ppo'],
  ])('--advantage_estimator %s is %s', (estimator, framework) => {
    expect(read(command(['--zero_stage 3', `--advantage_estimator ${estimator}`, '--bf16'])).scenario.framework).toBe(framework);
    expect(read(command([`--advantage_estimator=${estimator}`, '--zero_stage 2'], 'deepspeed --module openrlhf.cli.train_ppo')).scenario.framework).toBe(framework);
    expect(read(command(['--zero_stage 3', `--advantage_estimator ${estimator}`], 'python examples/train_ppo_ray.py')).scenario.framework).toBe(framework);
  });

  it('an estimator outside the command (another paste, after a blank line) does not change it', () => {
    const text = `${command(['--zero_stage 3', '--bf16'])}\n\nverl runs with algorithm.adv_estimator=grpo, OpenRLHF's docs say --advantage_estimator group_norm`;
    expect(read(text).scenario.framework).toBe('ppo');
  });

  it('GRPO exactly where the estimator loads no critic (group_norm, dr_grpo, reinforce, rloo), in any order of the flags', () => {
    const others = ['--zero_stage 3', '--bf16', '--micro_train_batch_size 1', '--gradient_checkpointing', '--actor_num_gpus_per_node 4'];
    fc.assert(
      fc.property(fc.shuffledSubarray(others), fc.constantFrom('group_norm', 'dr_grpo', 'gae', 'reinforce', 'rloo', null), fc.nat(5), (flags, estimator, at) => {
        const all = [...flags];
        if (estimator) all.splice(at % (all.length + 1), 0, `--advantage_estimator ${estimator}`);
        const framework = read(command(all)).scenario.framework;
        expect(framework).toBe(estimator !== null && estimator !== 'gae' ? 'grpo' : 'ppo');
      }),
      { numRuns: 40 },
    );
  });

  it.each([
    ['--adam_offload as the last flag', ['--zero_stage 3', '--adam_offload']],
    ['--adam_offload between others', ['--zero_stage 2', '--adam_offload', '--bf16']],
    ['--adam_offload true', ['--zero_stage 3', '--adam_offload true']],
  ])('%s offloads the optimizer', (_, flags) => {
    expect(read(command(flags)).scenario.offload.optimizer).toBe('cpu');
  });

  it('--adam_offload false offloads nothing', () => {
    expect(read(command(['--zero_stage 3', '--adam_offload false'])).scenario.offload.optimizer).toBe('none');
  });
});
