import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MappedText } from '../../src/language/mapped-text.js';
import { normalise, withoutInvisibles } from '../../src/language/normalise.js';
import { parseRequest } from '../../src/language/parse.js';

/** What chat platforms put into a request that is no request word and no separator either. */
const NOISE = ['\u200b', '\u00a0', '\ufeff', '\u2060', '<!here>', '<!channel>', '@everyone', '<#C024BE7LR|general>', '<@U024BE7LH>', '<@&123456>', '🚀', ' '];
const REQUESTS = ['13b bf16 zero3 seq 4096 on 4x A100-80G', 'llama-3-8b qlora r64 q,v seq 2048 on a 4090', 'mistral-7b lora r16 all-linear bs 4 gc on 24GB', '7b vs 13b on 4x A100-80G'];

const withNoise = fc.tuple(fc.constantFrom(...REQUESTS), fc.array(fc.tuple(fc.nat(), fc.constantFrom(...NOISE)), { maxLength: 6 })).map(([text, inserts]) => {
  let out = text;
  for (const [at, noise] of inserts) {
    const i = at % (out.length + 1);
    // Insert only between words, so the noise never splits a word in two.
    const cut = out.lastIndexOf(' ', i);
    const pos = cut < 0 ? 0 : cut;
    out = `${out.slice(0, pos)} ${noise} ${out.slice(pos)}`;
  }
  return out;
});

describe('the normaliser', () => {
  it('is idempotent: normalising normalised text changes nothing', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 200, unit: 'binary' }), withNoise), (text) => {
        const once = normalise(text).text;
        expect(normalise(once).text).toBe(once);
      }),
      { numRuns: 300 },
    );
  });

  it('maps every character back into the user\'s text, in order', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 200, unit: 'binary' }), withNoise), (text) => {
        const n = normalise(text);
        let last = 0;
        for (let i = 0; i < n.text.length; i++) {
          const at = n.userOffset(i);
          expect(at).toBeGreaterThanOrEqual(last);
          expect(at).toBeLessThanOrEqual(text.length);
          last = at;
        }
      }),
      { numRuns: 300 },
    );
  });

  it('leaves plain ASCII as it is, lower-cased, one character to one', () => {
    fc.assert(
      // Not the rewrites that exist to change ASCII: French units ("16 Go" is 16 GB) and decimal commas ("1,5" is 1.5).
      fc.property(fc.string({ maxLength: 120 }).filter((s) => !/[&<@]/.test(s) && !/\d\s?[GMT]o|\d,\d/.test(s)), (text) => {
        const n = normalise(text);
        expect(n.text).toBe(text.toLowerCase());
        for (let i = 0; i < text.length; i++) expect(n.userText(i, i + 1)).toBe(text[i]);
      }),
    );
  });

  it('reads the same items through chat noise, each pointing at the user\'s own words', () => {
    fc.assert(
      fc.property(withNoise, (text) => {
        const noisy = parseRequest(text);
        const clean = parseRequest(REQUESTS.find((r) => text.replace(/[^a-z0-9]/gi, '').includes(r.replace(/[^a-z0-9]/gi, ''))) ?? '');
        if (!clean.ok) return;
        expect(noisy.ok).toBe(true);
        if (!noisy.ok) return;
        const strip = (items: typeof clean.items) => items.map((i) => JSON.stringify(i, (k, v) => (k === 'at' || k === 'end' || k === 'text' ? undefined : v)));
        expect(strip(noisy.items)).toEqual(strip(clean.items));
        // Positions count the characters the user sees: invisible ones are taken out first (issue 26).
        for (const item of noisy.items) expect(withoutInvisibles(text).slice(item.at, item.end)).toBe(item.text);
      }),
      { numRuns: 200 },
    );
  });

  it('decodes Slack entities, so a typed "&" is not AMP precision', () => {
    expect(normalise('bf16 &amp; zero3').text).toBe('bf16 & zero3');
    const read = parseRequest('7b bf16 &amp; zero3');
    expect(read.ok && read.items.map((i) => i.kind)).toEqual(['size', 'precision', 'sharding']);
  });

  it('drops Slack and Discord mentions and keeps a link\'s label', () => {
    expect(normalise('<!here> <@U123> <#C1|gen> @everyone <@&42> 7b').text.trim()).toBe('7b');
    expect(normalise('<https://huggingface.co/x|Llama-2-7b>').text).toBe('llama-2-7b');
  });

  it('drops a mention typed as text ("@headroom 13b …" read the bot\'s name into the model), not an address', () => {
    expect(normalise('@headroom 13b full ft on 4 x h100').text.trim()).toBe('13b full ft on 4 x h100');
    expect(normalise('ping @ml-infra: 7b lora').text).toBe('ping  : 7b lora');
    expect(normalise('me@x.com').text).toBe('me@x.com');
  });
});

describe('MappedText', () => {
  it('maps a rewrite of another length onto the whole span it replaced', () => {
    const m = MappedText.of('use -AWQ now').replace(/-awq/gi, () => ' awq weights');
    const at = m.text.indexOf('awq');
    expect(m.userText(at, at + 3)).toBe('-AWQ');
  });
});
