import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { programSeq } from '../../src/catalog/program-seq.js';
import { llamafactoryRelease } from '../../src/language/llamafactory-versions.js';
import { llamafactoryBefore, llamafactoryForcesEager } from '../../src/scenario/llamafactory-release.js';
import { presetFor } from '../../src/scenario/presets.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * LLaMA-Factory by release (issue 23): its version line ("- `llamafactory` version: 0.8.3.dev0",
 * its issue template) and "llamafactory==0.8.3" / "LLaMA-Factory 0.9.1" name the release, whose
 * cutoff_len default (1024 through v0.9.0, 2048 from v0.9.1) and attention default (eager from
 * v0.5.2 to v0.6.3) the estimate takes when the request leaves them out.
 */

const corpus = loadCorpus();
const lineText = (id: string) => corpus.find((l) => l.id === id)!.text;
const notices = (text: string) => {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}`);
  return r.notices.join(' | ');
};

describe('the release a written version names', () => {
  it.each([
    ['0.8.3.dev0', '0.8.3'],
    ['v0.9.1', '0.9.1'],
    ['0.7.1', '0.7.1'],
    ['0.6.2+cu121', '0.6.2'],
    ['0.9.9', null],
    ['1.0', null],
  ])('%s → %s', (written, release) => expect(llamafactoryRelease(written)).toBe(release));

  it('orders releases by their numbers, not their text', () => {
    expect(llamafactoryBefore('0.9.0', [0, 9, 1])).toBe(true);
    expect(llamafactoryBefore('0.10.0', [0, 9, 1])).toBe(false);
    expect(llamafactoryBefore('0.9.1', [0, 9, 1])).toBe(false);
  });
});

describe("LLaMA-Factory's cutoff_len default by release (hparams/data_args.py)", () => {
  it.each([
    ['0.1.8', 1024],
    ['0.2.0', 1024],
    ['0.8.3', 1024],
    ['0.9.0', 1024],
    ['0.9.1', 2048],
    ['0.9.4', 2048],
  ])('%s cuts at %i', (release, seq) => expect(programSeq('llama-factory', release)?.seq).toBe(seq));

  it('is 2048 with no release (the newest), said as since 0.9.1', () => {
    const own = programSeq('llama-factory')!;
    expect(own.seq).toBe(2048);
    expect(own.name).toMatch(/since 0\.9\.1/);
  });

  it('is said in the reply with its release', () => {
    const { scenario, said } = read('llama-3-8b lora llamafactory 0.8.3 on 1x a100-80g');
    expect(scenario.seq).toBe(1024);
    expect(said).toMatch(/seq 1024 — LLaMA-Factory 0\.8\.3's cutoff_len default[^|]*; say seq N if yours differs/);
  });

  // Spellings of the release: the package name as written, v or not, == or a space, in any order with the rest.
  it('is read from every spelling of the release', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('llamafactory', 'LLaMA-Factory', 'LlamaFactory', 'llama factory', 'llmtuner'),
        fc.constantFrom(' ', '==', ' v'),
        fc.constantFrom('0.6.2', '0.7.1', '0.8.3', '0.9.0'),
        fc.boolean(),
        (name, sep, release, first) => {
          // "==" only after a pip name: "LLaMA-Factory==0.6.2" is read as an unknown config key first (left alone).
          fc.pre(sep !== '==' || /^(?:llamafactory|llmtuner)$/.test(name));
          const words = `${name}${sep}${release}`;
          const text = first ? `${words}, qwen2-7b lora on 2x rtx-4090` : `qwen2-7b lora on 2x rtx-4090 with ${words}`;
          const { scenario } = read(text);
          expect(scenario.framework).toBe('llama-factory');
          expect(scenario.llamafactoryVersion).toBe(release);
          expect(scenario.seq).toBe(1024);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('keeps a seq the user states', () => {
    expect(read('llama-3-8b lora llamafactory 0.8.3 seq 4096 on 1x a100-80g').scenario.seq).toBe(4096);
  });
});

describe("LLaMA-Factory's version line", () => {
  it("reads the release under the template's System Info (hiyouga/LlamaFactory#4642, c490: its YAML states the length)", () => {
    const { scenario } = read(lineText('c490'));
    expect(scenario.framework).toBe('llama-factory');
    expect(scenario.llamafactoryVersion).toBe('0.8.3');
    expect(scenario.seq).toBe(32768);
  });

  it('names the framework, weakly, where nothing else runs it (hiyouga/LlamaFactory#4757, c504)', () => {
    const text = lineText('c504');
    const { scenario } = read(text);
    expect(scenario.framework).toBe('llama-factory');
    expect(scenario.llamafactoryVersion).toBe('0.8.2');
    expect(scenario.seq).toBe(1024);
    expect(notices(text)).toMatch(/llamafactory 0\.8\.2/);
  });

  it.each([
    ['- `llamafactory` version: 0.8.3.dev0', '0.8.3', 1024],
    ['- llamafactory version: 0.9.1', '0.9.1', 2048],
    ['- `llmtuner` version: 0.6.2', '0.6.2', 1024],
    ['- LLaMA-Factory version: 0.7.1', '0.7.1', 1024],
    ['llamafactory==0.9.0', '0.9.0', 1024],
    ['* **llamafactory**: v0.8.2', '0.8.2', 1024],
  ])('"%s" above a request: LLaMA-Factory %s, seq %i', (line, release, seq) => {
    const text = `### System Info\n\n${line}\n- Platform: Linux\n- Python version: 3.10.14\n\n### Reproduction\n\nqwen2-7b lora OOM on 2x rtx-4090`;
    const { scenario } = read(text);
    expect(scenario.framework).toBe('llama-factory');
    expect(scenario.llamafactoryVersion).toBe(release);
    expect(scenario.seq).toBe(seq);
  });

  it('leaves a version that is none of its releases as before (no framework from it)', () => {
    expect(read('- `llamafactory` version: 0.9.9\n\nqwen2-7b full fine-tune on 8x a100-80g').scenario.framework).toBe('hf');
  });
});

describe('eager attention while flash_attn is off, v0.5.2 – v0.6.3 (model/patcher.py)', () => {
  it.each([
    ['0.5.1', false],
    ['0.5.2', true],
    ['0.6.3', true],
    ['0.7.0', false],
    [undefined, false],
  ])('%s forces eager: %s', (release, eager) => expect(llamafactoryForcesEager(release)).toBe(eager));

  it('is the preset of those releases, said', () => {
    const preset = presetFor('llama-factory', 'lora', 1, '0.6.1');
    expect(preset.fields.attention).toBe('eager');
    expect(preset.note).toMatch(/eager attention/);
    expect(presetFor('llama-factory', 'lora', 1, '0.8.3').fields.attention).toBeUndefined();
  });

  it('yields to the attention the user states', () => {
    expect(read('llama-2-7b lora llamafactory 0.6.1 on 1x a100-80g').scenario.attention).toBe('eager');
    expect(read('llama-2-7b lora fa2 llamafactory 0.6.1 on 1x a100-80g').scenario.attention).toBe('flash');
  });
});
