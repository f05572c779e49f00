import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readInThread } from '../../src/core/opening.js';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * A launcher that starts more processes on a node than CUDA_VISIBLE_DEVICES shows it devices holds the
 * devices listed: each process takes the device of its local rank, and past the last one there is none.
 * PolyU-ChenLab/UniPixel#8 (c363): `export CUDA_VISIBLE_DEVICES=0,1` over a script's `torchrun
 * --nproc_per_node 8`, under the title "Can two RTX 5090 GPUs suffice?" — read as 8 GPUs. Fewer processes
 * than devices (ms-swift#3848's `CUDA_VISIBLE_DEVICES=0,…,7 NPROC_PER_NODE=7`) stay the processes' count.
 */

const gpusOf = (text: string) => {
  const { scenario, said } = read(text);
  return { count: scenario.hardware?.count ?? scenario.unnamedGpus ?? null, said };
};

const launcher = (devices: number[], flag: string) =>
  fc.constantFrom(
    `export CUDA_VISIBLE_DEVICES=${devices.join(',')}\ntorchrun ${flag} train.py \\\n    --model_name_or_path Qwen/Qwen2.5-7B \\\n    --deepspeed ds_zero2.json \\\n    --per_device_train_batch_size 1`,
    `CUDA_VISIBLE_DEVICES=${devices.join(',')} torchrun ${flag} train.py --model_name_or_path Qwen/Qwen2.5-7B --deepspeed ds_zero2.json --per_device_train_batch_size 1`,
    `\`\`\`bash\nexport NCCL_TIMEOUT=600\nexport CUDA_VISIBLE_DEVICES=${devices.join(',')}\n\ntorchrun ${flag} train.py \\\n  --model_name_or_path Qwen/Qwen2.5-7B \\\n  --deepspeed ds_zero2.json\n\`\`\``,
  );

describe('devices visible bound the processes a launcher starts', () => {
  it('c363: two devices listed under --nproc_per_node 8 are two GPUs, said with the other reading', () => {
    const l = loadCorpus().find((x) => x.id === 'c363')!;
    const opened = readInThread(l.thread!, null).outcome;
    if (!opened.ok || !opened.scenario) throw new Error('c363 thread not read');
    const r = readInThread(l.text, { scenario: opened.scenario, history: [] }).outcome;
    if (!r.ok || !r.scenario) throw new Error('c363 not read');
    expect(r.scenario.hardware?.count).toBe(2);
    expect(r.assumptions.join(' | ')).toMatch(/2 GPUs in all: "CUDA_VISIBLE_DEVICES=0,1" shows 2 devices to the 8 processes/);
  });

  it('more processes than devices: the devices listed, and the reply says how to read the processes instead', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 7 }).chain((shown) =>
          fc.tuple(fc.constant(shown), fc.integer({ min: shown + 1, max: 8 }), fc.constantFrom('--nproc_per_node', '--nproc-per-node', '--nproc_per_node=')),
        ),
        ([shown, started, spelling]) => {
          const flag = spelling.endsWith('=') ? `${spelling}${started}` : `${spelling} ${started}`;
          const devices = Array.from({ length: shown }, (_, i) => i);
          fc.assert(
            fc.property(launcher(devices, flag), (text) => {
              const { count, said } = gpusOf(text);
              expect(count ?? 1).toBe(shown);
              expect(said).toMatch(new RegExp(`say "on ${started} gpus"`));
            }),
            { numRuns: 3 },
          );
        },
      ),
      { numRuns: 12 },
    );
  });

  it('fewer processes than devices: the processes, as before', () => {
    for (const [shown, started] of [[8, 7], [4, 2], [8, 4]] as const) {
      const devices = Array.from({ length: shown }, (_, i) => i);
      fc.assert(fc.property(launcher(devices, `--nproc_per_node ${started}`), (text) => {
        expect(gpusOf(text).count).toBe(started);
      }), { numRuns: 3 });
    }
  });
});
