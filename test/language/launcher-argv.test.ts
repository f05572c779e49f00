import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * Issue 22 (rq): DeepSpeed's launcher echoes the argv of a rank it killed as a Python list
 * (launch.py sigkill_handler). The whole line had been set aside as a log, so a message whose only
 * model was in that command was refused with "Which model?" (haotian-liu/LLaVA#827, c1111). The line
 * is the command the user ran: read as that command (segments rule command.launcher-argv).
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;

const echo = (args: string) =>
  `OOM on one A100 80GB\n\`\`\`\n[2024-02-06 06:23:39,509] [INFO] [launch.py:315:sigkill_handler] Killing subprocess 2442\n[2024-02-06 06:23:39,510] [ERROR] [launch.py:321:sigkill_handler] ['/usr/bin/python3', '-u', 'train.py', '--local_rank=0', ${args}] exits with return code = -9\n\`\`\``;

describe("a launcher's echo of the argv it ran", () => {
  it('c1111: the model, ZeRO-3 and bf16 of the killed rank are read', () => {
    const s = read(line('c1111').text).scenario;
    expect(s.model.id).toBe('llava-1.5-7b');
    expect(s.sharding.stage).toBe(3);
    expect(s.recipe).toBe('mixed');
  });

  it.each([
    // haotian-liu/LLaVA#1085 (its argv, shortened)
    ["'--deepspeed', './scripts/zero2.json', '--model_name_or_path', '/mnt/d/models/vicuna-7b-v1.5', '--bf16', 'True', '--per_device_train_batch_size', '16'", '7b'],
    // deepspeedai/DeepSpeed#3232 (its argv, shortened), spacing varied
    ["'--model_name_or_path','facebook/opt-1.3b',  '--per_device_train_batch_size', '2', '--zero_stage', '2'", '1.3b'],
  ])('%s', (args, model) => {
    expect(read(echo(args)).scenario.model.id?.endsWith(model)).toBe(true);
  });

  it('the log lines around it still set nothing', () => {
    const s = read(echo("'--model_name_or_path', '/data/llama-2-7b-hf', '--per_device_train_batch_size', '1'")).scenario;
    expect(s.model.id).toBe('llama-2-7b');
    expect(s.microBatch).toBe(1);
  });
});
