import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';

/**
 * rtrain11, cause 2: a framework known only from a script's path (`src/train_bash.py`, LLaMA-Factory's
 * old entry point) is weak evidence: read, and said on the first screen with its words. Named by the
 * user, or run by its own CLI, it stays strong. A model read from a script's file name is the script's
 * name for it: said too. Invented variations, written from the phenomenon (real lines: c2590 b75,
 * c2938 b87, c2435 b69, c3317 b99; c3195 b95).
 */

function reading(text: string) {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}: ${r.ok ? 'help' : r.error.message}`);
  return { framework: r.scenario.framework, model: r.scenario.model.name, notices: r.notices };
}
const frameworkNotice = (notices: string[]) => notices.filter((n) => n.startsWith('framework '));

const flags = '--stage sft --model_name_or_path meta-llama/Llama-2-7b-hf --finetuning_type lora --per_device_train_batch_size 2 --fp16';

describe('LLaMA-Factory known only from its script path is said weak', () => {
  it.each([
    ['deepspeed launcher', `OOM on 4x a100-40g\ndeepspeed --num_gpus 4 src/train_bash.py ${flags}`],
    ['accelerate launcher, continued lines', `OOM on 2x rtx 3090\naccelerate launch src/train_bash.py \\\n    --stage sft \\\n    --model_name_or_path /data/models/Llama-2-13b-hf \\\n    --finetuning_type lora \\\n    --per_device_train_batch_size 1`],
    ['python, one card', `CUDA_VISIBLE_DEVICES=0 python src/train_bash.py ${flags}\non a 4090 it runs out of memory`],
    ['a folder of the repository in the path', `python /home/me/LLaMA-Factory/src/train_bash.py ${flags} on 1x a100-80g`],
    ['src/train.py with its --stage', `torchrun --nproc_per_node 8 src/train.py --stage pt --model_name_or_path Qwen/Qwen1.5-7B --finetuning_type full --per_device_train_batch_size 1\n8x a800 OOM`],
    ['Chinese prose around it', '用 src/train_bash.py 微调 chatglm3-6b，lora，4张3090 爆显存了'],
    ['nohup and a log redirect', `nohup python -u src/train_bash.py ${flags} > train.log 2>&1 &\n1x a10 24G OOM`],
    ['Korean prose', `A100 40GB 1장에서 src/train_bash.py 로 llama-2-7b lora 학습하면 OOM 납니다\n${flags}`],
  ])('%s', (_what, text) => {
    const r = reading(text);
    expect(r.framework).toBe('llama-factory');
    expect(frameworkNotice(r.notices).join(' | ')).toMatch(/train(?:_bash)?\.py/);
  });
});

describe('LLaMA-Factory named or run by its CLI stays the run\'s', () => {
  it.each([
    ['named in prose before the script', `I use LLaMA-Factory to finetune on 4x a100-40g:\ndeepspeed --num_gpus 4 src/train_bash.py ${flags}`],
    ['its CLI', 'llamafactory-cli train examples/train_lora/llama3_lora_sft.yaml on 1x a100-80g OOM, llama-3-8b lora'],
    ['named in Chinese', `用llama factory 微调，8卡A100\ndeepspeed --num_gpus 8 src/train_bash.py ${flags}`],
  ])('%s', (_what, text) => {
    const r = reading(text);
    expect(r.framework).toBe('llama-factory');
    expect(frameworkNotice(r.notices)).toEqual([]);
  });
});

describe("a model read from a script's file name is said", () => {
  it.each([
    ['verl example script path', 'examples/grpo_trainer/run_qwen2_5-7b_grpo_8card.sh\n```\n    actor_rollout_ref.rollout.n=5 \\\n    trainer.n_gpus_per_node=8 \\\n```', /qwen2_5-7b|run_qwen/],
    ['a shell script named for the model', 'bash examples/train_full/llama3-8b_full_sft_ds3.sh OOM on 8x a100-40g', /llama3-8b_full_sft|examples\//],
  ])('%s', (_what, text, words) => {
    // Asking for the model is as honest as reading the script's name for it, said.
    const r = resolveRequest(text, null);
    if (!r.ok) {
      expect(r.error.message).toMatch(/^Which model\?/);
      return;
    }
    expect(r.notices.join(' | ')).toMatch(words);
  });
});
