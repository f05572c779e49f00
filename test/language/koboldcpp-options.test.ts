import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { earlyStages } from '../../src/language/early-stages.js';
import { estimateOf } from '../memory/fixtures.js';

/**
 * KoboldCpp is llama.cpp underneath with its own spellings (koboldcpp.py argparse,
 * config-keys/engines/koboldcpp.ts): --contextsize is -c, --gpulayers is -ngl, --blasbatchsize is -b.
 */
const corpusText = (id: string): string => {
  const line = readFileSync('test/corpus/requests.jsonl', 'utf8').split('\n').find((l) => l.includes(`"id": "${id}"`))!;
  return (JSON.parse(line) as { text: string }).text;
};
const steps = (text: string) => earlyStages(text).config.text.steps.filter((s) => s.rule.startsWith('config.key.')).map((s) => s.wrote.trim()).filter(Boolean);

describe("KoboldCpp's options as llama.cpp's", () => {
  it('corpus c760 (LostRuins/koboldcpp#473): --contextsize 8192 is the context, --gpulayers 60 the layers on the GPU, under llama.cpp', () => {
    const e = estimateOf(corpusText('c760'));
    expect(e.scenario.framework).toBe('llamacpp');
    expect(e.scenario.seq).toBe(8192);
    expect(e.scenario.inference.gpuLayers).toBe(60);
    expect(earlyStages(corpusText('c760')).config.unknownKeys).toEqual([]);
  });

  it.each([
    ['koboldcpp --model m.gguf --contextsize 4096 --gpulayers 20', ['seq 4096', 'ngl 20']],
    ['koboldcpp.exe --model m.gguf --ctx-size 16384 --gpu-layers 33', ['seq 16384', 'ngl 33']],
    ['python koboldcpp.py m.gguf -c 2048 -ngl 10', ['seq 2048', 'ngl 10']],
    ['koboldcpp --model m.gguf --quantkv 1', ['kv fp8']],
    ['koboldcpp --model m.gguf --quantkv q8_0', ['kv fp8']],
    ['koboldcpp --model m.gguf --noflashattention', ['no flash']],
  ])('%s says %j', (text, words) => {
    const said = steps(text);
    for (const w of words) expect(said.some((s) => s.includes(w)), `${text}: ${said.join(' | ')}`).toBe(true);
  });

  it('--gpulayers -1 is "try autodetect" in KoboldCpp: no layer count taken', () => {
    expect(steps('koboldcpp --model m.gguf --gpulayers -1').some((s) => s.includes('ngl'))).toBe(false);
  });

  it('--blasbatchsize is prompt tokens per step, never a batch of requests', () => {
    const { config } = earlyStages('koboldcpp --model m.gguf --blasbatchsize 1024 --contextsize 8192');
    expect(config.notes.join(' ')).toMatch(/prompt tokens processed per step/);
    expect(steps('koboldcpp --model m.gguf --blasbatchsize 1024').some((s) => /\bbs\b/.test(s))).toBe(false);
  });

  it('--usecublas lowvram and --lowvram keep the KV cache off the GPU: said as not modelled; --usecublas normal says nothing', () => {
    for (const text of ['koboldcpp --model m.gguf --usecublas lowvram 0', 'koboldcpp --model m.gguf --lowvram']) {
      expect(earlyStages(text).config.notes.some((n) => n.startsWith('not modelled:')), text).toBe(true);
    }
    expect(earlyStages('koboldcpp --model m.gguf --usecublas normal').config.notes.some((n) => n.startsWith('not modelled:'))).toBe(false);
  });

  // KoboldCpp's run-together spellings are its own (engines/koboldcpp.ts ownWords): read where the
  // program goes unnamed, as in LostRuins/koboldcpp#255 (corpus c1228: "--gpulayers 20" set aside).
  it('corpus c1228: --gpulayers 20 without the program named is 20 layers on the GPU', () => {
    expect(earlyStages(corpusText('c1228')).config.unknownKeys).not.toContain('gpulayers');
    expect(estimateOf(corpusText('c1228')).scenario.inference.gpuLayers).toBe(20);
  });

  it.each([
    ['Load with parameters --model m.q4_K_M.gguf --gpulayers 33 --contextsize 4096', ['ngl 33', 'seq 4096']],
    ['Load with --contextsize=8192 --gpulayers=12', ['seq 8192', 'ngl 12']],
    ['started it: --usecublas normal 0 --gpulayers 99 --quantkv 1 --model m.gguf', ['ngl 99', 'kv fp8']],
    ['--GPULAYERS 7 --model m.gguf', ['ngl 7']],
  ])('unnamed: %s says %j', (text, words) => {
    const said = steps(text);
    for (const w of words) expect(said.some((s) => s.includes(w)), `${text}: ${said.join(' | ')}`).toBe(true);
    expect(earlyStages(text).config.unknownKeys).toEqual([]);
  });

  it('a one-word key no engine owns stays unknown where no engine is named', () => {
    expect(earlyStages('--model m.gguf --vision 1').config.unknownKeys).toContain('vision');
  });
});
