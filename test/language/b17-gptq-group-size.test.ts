import { describe, expect, it } from 'vitest';
import { parseRequest } from '../../src/language/parse.js';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * "-4bit-128g" after a model's name is GPTQ's group size after its width (GPTQ-for-LLaMa's file
 * names, loaded by text-generation-webui; oobabooga/textgen#1742, corpus c665): a GPTQ checkpoint,
 * not bitsandbytes' NF4, and no card of 128 GB.
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;

describe("GPTQ's group size in a name", () => {
  it('c665: GPTQ, and the card is the 6 GB the user has', () => {
    const { scenario } = read(line('c665').text);
    expect(scenario.weights).toBe('gptq');
    expect(Math.round((scenario.hardware?.capacityBytes ?? 0) / 2 ** 30)).not.toBe(128);
  });

  it.each(['run gpt4-x-alpaca-13b-native-4bit-128g on 6gb', 'loading vicuna-13b_4bit_32g on a 3060 12gb', 'llama-7b-int4-128g on my 8GB card'])('%s', (text) => {
    const r = parseRequest(text);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.items.filter((i) => i.kind === 'weights').map((i) => (i as { value: string }).value)).toEqual(['gptq']);
    expect(r.items.some((i) => i.kind === 'hardware' && [32, 128].includes(i.capacityGiB ?? 0))).toBe(false);
  });

  it('a bare width is still a width, and a Hub id keeps its whole name', () => {
    expect(read('run llama-13b 4bit on a 3090').scenario.weights).toBe('nf4');
    const r = parseRequest('run TheBloke/vicuna-13B-1.1-GPTQ-4bit-128g on a 3090');
    expect(r.ok && r.items.find((i) => i.kind === 'hub')).toMatchObject({ repo: 'thebloke/vicuna-13b-1.1-gptq-4bit-128g' });
  });
});
