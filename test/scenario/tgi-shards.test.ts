import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import { estimateOf } from '../memory/fixtures.js';

const assumptionsOf = (text: string) => {
  const { reply } = respond(text, null);
  return reply.kind === 'estimate' ? reply.assumptions : [];
};

/**
 * TGI's launcher before 3.3.7, with no --num-shard, counts CUDA_VISIBLE_DEVICES, or its Docker
 * image's NVIDIA_VISIBLE_DEVICES=all as one device: one shard (scenario/tgi-shards.ts).
 */
describe("TGI's default shard count by release", () => {
  it('tgi#1299 worked example: Llama-2-70B fp4 on TGI 1.2.0 over 8× A10G with no --num-shard is one shard, the whole model on one A10G', () => {
    const e = estimateOf('llama-2-70b fp4 serve tgi 1.2.0 on 8x a10g');
    expect(e.scenario.parallel.tp).toBe(1);
    expect(assumptionsOf('llama-2-70b fp4 serve tgi 1.2.0 on 8x a10g').join(' ')).toMatch(/one shard on one GPU: TGI before 3\.3\.7 .*say tp 8 \(--num-shard 8\)/);
    expect(e.fits).toBe(false);
    // Its 4-bit weights alone (about 35 GiB) are more than the card.
    expect(e.components.find((c) => c.key === 'weights')!.bytes).toBeGreaterThan(e.capacityBytes!);
  });

  it('a stated split, an unnamed (newest) release and 3.3.7 shard over every GPU', () => {
    expect(estimateOf('llama-2-70b fp4 serve tgi 1.2.0 tp 8 on 8x a10g').scenario.parallel.tp).toBe(8);
    expect(estimateOf('llama-2-70b fp4 serve tgi on 8x a10g').scenario.parallel.tp).toBe(8);
    expect(estimateOf('llama-2-70b fp4 serve tgi 3.3.7 on 8x a10g').scenario.parallel.tp).toBe(8);
  });

  it.each(['SHARDED=true', '--sharded true', '--sharded=true', 'sharded: true'])(
    "%s asks for the split over the user's cards (find_num_shards' (Some(true), None); TGI#2615, corpus c216)",
    (sharded) => {
      const { reply } = respond(`text-generation-inference:2.3.0 on docker, meta-llama/Llama-3.1-8B-Instruct, 4x L40S 48GB, ${sharded}`, null);
      expect(reply.kind === 'estimate' && reply.scenario.parallel.tp).toBe(4);
    },
  );

  it('c216 as pasted (TGI#2615): the /info JSON and the compose line "- SHARDED=true" split Llama-3.1-8B over the 4 L40S', () => {
    const text = '- text-generation-inference:2.3.0, deployed on docker\n- model info: \n{\n  "model_id": "meta-llama/Llama-3.1-8B-Instruct",\n  "max_total_tokens": 6024\n}\n- 4x cards Nvidia L40S 48GB\n      - SHARDED=true';
    expect(estimateOf(text).scenario.parallel.tp).toBe(4);
  });

  it('--sharded is read through TGI\'s option list: true splits a release that would serve one shard, false is one shard, --num-shard wins either way', () => {
    // Before 3.3.7 the launcher counted NVIDIA_VISIBLE_DEVICES=all as one; --sharded true splits over the cards.
    expect(estimateOf('llama-2-13b serve tgi 1.2.0 on 4x a100-80g --sharded true').scenario.parallel.tp).toBe(4);
    expect(estimateOf('llama-2-13b serve tgi 1.2.0 on 4x a100-80g').scenario.parallel.tp).toBe(1);
    // find_num_shards `(Some(false), None) => 1`, even on the newest release that would shard.
    expect(estimateOf('llama-2-13b text-generation-inference on 4x a100-80g --sharded false').scenario.parallel.tp).toBe(1);
    expect(estimateOf('llama-2-13b text-generation-inference on 4x a100-80g\nSHARDED=false').scenario.parallel.tp).toBe(1);
    // `(Some(false), Some(n)) => n`, `(Some(true), Some(n)) => n`.
    expect(estimateOf('llama-2-13b text-generation-inference on 4x a100-80g --sharded false --num-shard 2').scenario.parallel.tp).toBe(2);
    expect(estimateOf('llama-2-13b serve tgi 1.2.0 on 4x a100-80g --sharded true --num-shard 2').scenario.parallel.tp).toBe(2);
  });

  it('prose about a sharded checkpoint is no --sharded setting: a pre-3.3.7 release still serves one shard', () => {
    // The word is read in TGI's namespace only; prose about a sharded checkpoint says nothing of the launcher.
    const { reply } = respond('llama-2-13b serve tgi 1.2.0 on 4x a100-80g, the checkpoint is sharded into 3 files', null);
    expect(reply.kind === 'estimate' && reply.scenario.parallel.tp).toBe(1);
  });

  it("Docker writes NVIDIA_VISIBLE_DEVICES from --gpus: a count or a device list is the launcher's count and shards, --gpus all is one entry", () => {
    const docker = (gpus: string, card: string) => estimateOf(`serve llama-2-13b tgi 1.4.0 on ${card}\ndocker run --gpus ${gpus} ghcr.io/huggingface/text-generation-inference:1.4 --model-id meta-llama/Llama-2-13b-hf`).scenario.parallel.tp;
    expect(docker('2', 'a100-80g')).toBe(2);
    expect(docker(`'"device=0,1,2,3"'`, 'a100-80g')).toBe(4);
    expect(docker('all', '4x a100-80g')).toBe(1);
  });

  it('every release named before 3.3.7 defaults to one shard, whatever the GPU count', () => {
    const releases = ['1.0.0', '1.2.0', '1.3.0', '1.4.5', '2.0.0', '2.2.0', '2.4.0', '3.0.0', '3.2.1', '3.3.0', '3.3.6'];
    fc.assert(
      fc.property(fc.constantFrom(...releases), fc.constantFrom(2, 4, 8), (release, n) => {
        const e = estimateOf(`llama-2-13b serve tgi ${release} on ${n}x a100-80g`);
        expect(e.scenario.parallel.tp).toBe(1);
      }),
      { numRuns: 15 },
    );
  });
});
