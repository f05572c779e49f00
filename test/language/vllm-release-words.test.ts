import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * vLLM's release and engine as people write them (issue 22, r-left item 4): a labelled release
 * ("**vLLM**: v0.8.5", "vLLM version: 0.8.5", "vllm版本：0.7.3") is the release the item language
 * states as "vllm 0.8.5" (prose.vllm-release-label); VLLM_USE_V1=0|1 is the engine (config key
 * vllm_use_v1), and beside a release of 0.7 or later the engine is what the run uses
 * (reconcile/vllm-engine.ts), said.
 */

const corpus = loadCorpus();
const line = (id: string) => corpus.find((l) => l.id === id)!.text;
const release = (text: string) => read(text).scenario.inference?.vllmVersion;

describe('a labelled vLLM release', () => {
  it('c303: "**vLLM**: v0.8.5" above the model and the hardware is release 0.8.5', () => {
    expect(release(line('c303'))).toBe('0.8.5');
  });

  it.each([
    ['vLLM version: 0.6.4\nvllm serve Qwen/Qwen2.5-7B --max-model-len 8192 on 1x l40s', '0.6.4'],
    ['serve qwen2.5-7b with vllm version 0.5.4 on 1x l40s', '0.5.4'],
    ['- vllm: v0.7.3\n- max-model-len 8192\nqwen2.5-7b on 1x l40s', '0.7.3'],
    ['`vllm`==0.6.1 serve qwen2.5-7b on 1x l40s', '0.6.1'],
    ['环境：vllm版本：0.7.3\nvllm serve qwen2.5-7b --max-model-len 4096，1张L40S', '0.7.3'],
  ])('%j is release %s', (text, said) => {
    expect(release(text)).toBe(said);
  });

  it.each([
    ['serve qwen3-8b vllm 0.21.0 --max-model-len 16384 on 1x rtx-a5000', '0.21.0'],
    ['serve gpt-oss-120b vllm==0.14.1 --max-model-len 5120 on 1x h100', '0.14.1'],
    ['INFO 08-14 14:07:20 api_server.py:840] vLLM API server version 0.27.1\nvllm serve qwen3-8b on 1x l40s', '0.27.1'],
    ['vLLM version: 0.19.1rc1\nvllm serve Qwen/Qwen3-8B on 1x l40s', '0.19.1'],
    ['vllm serve qwen3-8b on 1x l40s\n(EngineCore pid=180) INFO 08-23 14:04:40 [core.py:121] Initializing a V1 LLM engine (v0.27.1)', '0.27.1'],
  ])('a release after 0.11 reads too (memory/vllm-v1-baseline.ts dates the graph estimate by it): %j is %s', (text, said) => {
    expect(release(text)).toBe(said);
  });

  it('a minor past the newest the language names (0.30) is no release', () => {
    expect(release('serve qwen3-8b vllm 0.30.0 on 1x l40s')).toBeUndefined();
  });

  it('a release no vLLM had (1.2.0), or another package\'s version, is no release', () => {
    expect(release('vllm version: 1.2.0\nvllm serve qwen2.5-7b --max-model-len 4096 on 1x l40s')).toBeUndefined();
    expect(release('torch version: 2.5.1\nvllm serve qwen2.5-7b --max-model-len 4096 on 1x l40s')).toBeUndefined();
  });

  it('any spelling of the label reads the same release (property)', () => {
    const label = fc.record({
      bold: fc.constantFrom('', '**', '`'),
      word: fc.constantFrom('', ' version', ' Version', '版本'),
      sep: fc.constantFrom(':', ': ', ' ', '=='),
      v: fc.constantFrom('', 'v'),
      minor: fc.integer({ min: 2, max: 29 }),
      patch: fc.integer({ min: 0, max: 9 }),
    });
    fc.assert(
      fc.property(label, ({ bold, word, sep, v, minor, patch }) => {
        const text = `${bold}vLLM${bold}${word}${sep}${v}0.${minor}.${patch}\nvllm serve qwen2.5-7b --max-model-len 4096 on 1x l40s`;
        expect(release(text)).toBe(`0.${minor}.${patch}`);
      }),
      { numRuns: 60 },
    );
  });
});

describe('VLLM_USE_V1 names the engine', () => {
  it.each([
    ['VLLM_USE_V1=0 vllm serve Qwen/Qwen2.5-7B --max-model-len 4096 on 1x l40s', 'v0'],
    ['export VLLM_USE_V1=1\nvllm serve Qwen/Qwen2.5-7B on 1x l40s', 'v1'],
    ['VLLM_USE_V1="0" python -m vllm.entrypoints.openai.api_server --model Qwen/Qwen2.5-7B on 1x l40s', 'v0'],
  ])('%j runs the %s engine', (text, engine) => {
    expect(release(text)).toBe(engine);
  });

  it('c368: VLLM_USE_V1=0 beside "vllm 0.8.3" is the V0 engine of that release, said', () => {
    const { scenario, said } = read(line('c368'));
    expect(scenario.inference?.vllmVersion).toBe('v0');
    expect(said).toMatch(/"VLLM_USE_V1=0" picks vLLM's V0 engine of "vllm 0\.8\.3"/);
    expect(said).not.toMatch(/sets it differently/);
  });

  it('the engine wins over a release of 0.7 or later in either order; before 0.7 (V0 only) the two stay apart', () => {
    for (const text of ['vllm 0.9.2, VLLM_USE_V1=0 vllm serve qwen2.5-7b on 1x l40s', 'VLLM_USE_V1=0 vllm serve qwen2.5-7b on 1x l40s, vllm 0.9.2']) {
      expect(release(text)).toBe('v0');
    }
    const early = read('vllm 0.6.4, VLLM_USE_V1=1 vllm serve qwen2.5-7b on 1x l40s');
    expect(early.scenario.inference?.vllmVersion).toBe('0.6.4');
    expect(early.said).toMatch(/sets it differently/);
  });
});
