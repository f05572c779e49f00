import { describe, expect, it } from 'vitest';
import { scanHardware } from '../../src/language/hardware/index.js';
import { normalise } from '../../src/language/normalise.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * Issue 22 (hardware wrong by a rule): memory a message says is in use, said as a noun ("the VRAM usage
 * is only 2.5GB", c811), with another verb ("it only utilizes 1.8 GB out of the available 4.0 GB", c577;
 * "大概占了120G显存", took about 120G, c977; "保持15G几秒钟", stays at 15G for seconds, c746) or with the
 * word of use after it ("it shows 45g VRAM occupied", c1014), had been read as the card's memory, and the
 * reply answered for a 45 GB or a 1.8 GB card. A vague Chinese amount ("多的几G", the extra few G) is memory
 * too, never a word left unread.
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;
const guarded = (text: string) => scanHardware(normalise(text).text).guarded.map((g) => g.rule);
const GiB = 1024 ** 3;
const cardGiB = (text: string) => {
  const h = read(text).scenario.hardware;
  return h ? Math.round(h.capacityBytes / GiB) : null;
};

describe('memory in use said as a noun, with another verb or after its amount is no card', () => {
  it('c1014: "45g VRAM occupied" is no card', () => {
    expect(cardGiB(line('c1014').text)).toBeNull();
  });

  it('c977: "大概占了120G显存" is no card', () => {
    expect(cardGiB(line('c977').text)).toBeNull();
  });

  it('c577: "utilizes 1.8 GB out of the available 4.0 GB VRAM": the 4 GB card, not 1.8', () => {
    expect(cardGiB(line('c577').text)).toBe(4);
  });

  it('c811: "The VRAM usage is only 2.5GB" is no card', () => {
    expect(guarded(line('c811').text)).toContain('not-hw.measurement');
    expect(read(line('c811').text).scenario.hardware).toBeNull();
  });

  it('c746: "保持15G" and "多的几G" are measurements', () => {
    expect(guarded(line('c746').text)).toEqual(expect.arrayContaining(['not-hw.measurement', 'not-hw.vague-amount']));
  });

  it.each([
    ['qwen3-8b ollama, it shows 45g VRAM occupied', 'not-hw.measurement-after'],
    ['qwen3-8b ollama, 20 GB of GPU memory used', 'not-hw.measurement-after'],
    ['qwen3-8b ollama, 30GB of memory consumed after loading', 'not-hw.measurement-after'],
    ['qwen3-8b ollama, 12GB vram is occupied', 'not-hw.measurement-after'],
    ['qwen3-8b vllm, memory usage: 31GB', 'not-hw.measurement'],
    ['qwen3-8b vllm, GPU memory usage reached 70 GB', 'not-hw.measurement'],
    ['qwen3-8b vllm, vram usage was about 22GB', 'not-hw.measurement'],
    ['qwen3-8b, it utilised 9.5 GB', 'not-hw.measurement'],
    ['qwen3-8b 推理吃了20G显存', 'not-hw.measurement'],
    ['qwen3-8b 推理占 20G 显存', 'not-hw.measurement'],
    ['qwen3-8b 显存一直保持在 30G', 'not-hw.measurement'],
    ['qwen3-8b 显存多占了十几G', 'not-hw.vague-amount'],
    ['qwen3-8b 多出来几个G', 'not-hw.vague-amount'],
  ])('"%s" is set aside (%s)', (text, rule) => {
    expect(guarded(text)).toContain(rule);
    // (A short message with a word the strict reader does not know is refused whole: no card either way.)
    const r = resolveRequest(text, null);
    if (r.ok && r.scenario) expect(r.scenario.hardware).toBeNull();
  });

  it.each([
    ['qwen3-8b ollama on my 24GB GPU, it shows 20g VRAM occupied', 24],
    ['qwen3-8b vllm on 1x 48GB, memory usage: 31GB', 48],
    ['qwen3-8b 推理 24G的卡 占了20G', 24],
    ['qwen3-8b 推理, 显卡 4090 24G, 显存多了几G', 24],
  ])('the card said beside the usage stays: "%s"', (text, memory) => {
    expect(cardGiB(text)).toBe(memory);
  });
});
