import { describe, expect, it } from 'vitest';
import { canonicalText } from '../../src/scenario/canonical.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import type { Scenario } from '../../src/scenario/schema.js';

/**
 * Lines people write, from issue 11 ("Reads what people actually write"), each with the
 * reading in the item language that it must produce. Compared as scenarios (the model by its
 * shape, so "vicuna-13b" read as a Llama shape equals the reading that names that shape).
 */
const LINES: [string, string][] = [
  // The forum question that was silently a 1,446 GiB full fine-tune.
  ['can I run llama 3 70b on my 4090?', 'llama-3-70b inference on 1x rtx-4090'],
  // Not 3,060 GPUs: one RTX 3060 (a catalog card) …
  ['can i run mistral 7b on a 3060 12GB', 'mistral-7b inference on 1x rtx-3060'],
  // … and a card number the catalog lacks is read by its memory.
  ['can i run mistral 7b on a 1660 6GB', 'mistral-7b inference on 1x 6GB'],
  ['can i run mistral 7b on a 2060 12GB', 'mistral-7b inference on 1x rtx-2060-12g'],
  ['48G A6000, llama 13b lora', 'llama 13b lora on 1x rtx-a6000'],
  ['train 7b on 8 80GB A100s', '7b full on 8x a100-80g'],
  ['13b inference on A100s (40G)', '13b inference on 1x a100-40g'],
  ['finetune 13b on 8*32G V100', '13b full on 8x v100-32g'],
  ['serve 7b on 4 x NVIDIA A10G 24 Gb', '7b serve tp 4 on 4x a10g'],
  ['pretrain 7b on 2 nodes (16xA100 80G)', '7b pretrain on 2 nodes of 8x a100-80g'],
  ['finetune llama 7b without peft w/o gradient checkpointing', 'llama 7b full no gc'],
  ['fine tunning 7b with deepseed zero-3', '7b train deepspeed zero3'],
  ['13b with 8K tokens, inference', '13b inference seq 8192'],
  ['7b inference, 4000-token prompt', '7b inference seq 4000'],
  ['7b inference, context len=2k', '7b inference seq 2048'],
  ['7b lora per_device_train_batch_size=4 gradient_accumulation_steps: 8 --bf16 True gradient_checkpointing False', '7b lora bs 4 ga 8 amp bf16 no gc'],
  ['serve llama-2-70b --tensor-parallel-size 4 --max-model-len 4096 --gpu-memory-utilization 0.95 on 4x A100 80GB', 'llama-2-70b serve tp 4 seq 4096 util 0.95 on 4x a100-80g'],
  // Hugging Face generate splits a model over GPUs layer by layer (device_map="auto").
  ['deepseek-coder-33B-instruct-AWQ inference on 2x a100 40g', 'deepseek-coder-33b awq inference pp 2 on 2x a100-40g'],
  // A GGUF file name: the model, and its quant type as the GGUF format (issue 14), not GPTQ.
  ['Meta-Llama-3.1-8B-Instruct-Q4_K_M.gguf on a 4090', 'llama-3.1-8b inference q4_k_m on 1x rtx-4090'],
];

const shape = (s: Scenario) =>
  JSON.stringify({ ...s, model: { arch: s.model.arch }, help: [], question: s.question });

describe('lines people write (issue 11) read right', () => {
  it.each(LINES)('%s', (text, reading) => {
    const got = resolveRequest(text, null);
    const want = resolveRequest(reading, null);
    if (!want.ok) throw new Error(`the reading does not resolve: ${want.error.message}`);
    if (!got.ok) throw new Error(`refused: ${got.error.message}`);
    expect(shape(got.scenario!), canonicalText(got.scenario!)).toBe(shape(want.scenario!));
  });

  it('says first which intent it assumed when none was said, and how to ask for the other', () => {
    const inference = resolveRequest('llama 3 70b on my 4090', null);
    expect(inference.ok && inference.assumptions[0]).toMatch(/^running the model \(no train or run word.*say "train"/);
    const training = resolveRequest('13b zero3 on 8x h100', null);
    expect(training.ok && training.assumptions[0]).toMatch(/^full fine-tune.*say "inference"/);
  });

  it('reads an unknown name that holds a size as a model of that size, and says so', () => {
    // InternLM-7B was this test's name until InternLM2 joined the catalog (issue 22): now a family
    // the catalog knows, it reads as that family's nearest shape (below). Aquila (BAAI) is not one.
    const r = resolveRequest('Aquila-7B lora on a 4090', null);
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.scenario!.model.asWritten).toBe('aquila-7b');
      expect(r.scenario!.model.requestedParams).toBe(7e9);
      expect(r.assumptions.join(' | ')).toMatch(/don't know the model "aquila-7b": read as a 7B model/);
    }
    // InternLM-7B (InternLM 1) is a catalog model since rcat2: its own name reads as it. A bare
    // "internlm 7b" keeps its own spelling too (the alias); InternLM2 is named "internlm2".
    const internlm = resolveRequest('InternLM-7B lora on a 4090', null);
    expect(internlm.ok && internlm.scenario!.model.id).toBe('internlm-7b');
  });

  it('reads a family the catalog knows at a size it lacks as that family\'s nearest shape, and says so', () => {
    // The "BaiChuan-7B" is now a catalog model (Baichuan 1); "starcoder-7b" names a size the
    // catalog holds only in StarCoder2: read as StarCoder2-7B, the release said as the catalog's guess.
    const r = resolveRequest('starcoder-7b lora on a 4090', null);
    expect(r.ok && r.scenario!.model.id).toBe('starcoder2-7b');
    expect(r.ok && r.notices.join(' | ')).toMatch(/StarCoder2-7B — from "starcoder-7b"\? say the model's name or size if not/);
    // A size the family has no model of stays the nearest shape, pinned to the size said.
    // (Mistral Small 2409 made 22B a Mistral size in rcat2: 20B is one the family has none of.)
    const mistral = resolveRequest('mistral 20b lora on a 4090', null);
    expect(mistral.ok && mistral.scenario!.model.requestedParams).toBe(20e9);
    expect(mistral.ok && mistral.assumptions.join(' | ')).toMatch(/shape for "mistral 20b" \(nearest catalog model\)/);
  });

  it('reads a GGUF type it does not model as the modelled type of the same width, and says so', () => {
    const r = resolveRequest('run llama-3-8b IQ3_XS on a 4090', null);
    expect(r.ok && r.scenario!.weights).toBe('q3_k_m');
    expect(r.ok && r.assumptions.join(' | ')).toMatch(/GGUF IQ3_XS read as Q3_K_M/);
  });

  it('reports words it did not read in prose, and reads the rest', () => {
    const r = resolveRequest('hey team, could we finetune 7b with lora on the shiny cluster of 8 H100 gpus with speculative drafts?', null);
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.unread).toEqual(['shiny', 'speculative', 'drafts']);
      // Only the word that could be a setting is said; "shiny" and "drafts" are the user's prose (issue 22, item 4).
      expect(r.assumptions[0]).toBe('not read: "speculative"');
    }
  });

  it('refuses a message that is mostly words it cannot read, saying what it understood', () => {
    const r = resolveRequest('flibber jabberwock snark 7b vorpal frumious bandersnatch', null);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      // "snark 7b" is an unknown name with a size: understood as a model of that size.
      expect(r.error.message).toMatch(/I understood "snark 7b"/);
      expect(r.error.message).toMatch(/"jabberwock"/);
      expect(r.error.example).toMatch(/^snark 7b /);
    }
  });

  it('keeps a four-digit card number from ever being a GPU count', () => {
    for (const text of ['mistral 7b on 2x 3060', 'mistral 7b on 3060 12GB', 'run 7b on my rtx 3060']) {
      const r = resolveRequest(text, null);
      if (r.ok) expect(r.scenario!.hardware?.count ?? 1).toBeLessThan(1000);
    }
  });
});
