import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KEY_TABLES } from '../../src/language/config-keys.js';
import { asWritten, engineCoverage } from '../../src/language/config-keys/engines/coverage.js';
import { ENGINES, isShortFlag } from '../../src/language/config-keys/engines/index.js';
import { classOf, keyOf, optionHandler } from '../../src/language/config-keys/program-option.js';
import { earlyStages } from '../../src/language/early-stages.js';

/**
 * Issue 22: each serving engine's option list, read from its source, is covered by the reader —
 * every option in one class (read, no memory effect, said unmodelled), every spelling known when a
 * message names the engine. Adding an option with no class, or one the reader cannot find, fails here.
 */

const tableHandler = (key: string) => Object.values(KEY_TABLES).find((t) => Object.hasOwn(t, key))?.[key]?.reads;
const options = ENGINES.flatMap((engine) => engine.options.map((option) => ({ engine, option })));

describe("serving engines' option lists", () => {
  it('every option has exactly one class', () => {
    for (const { engine, option } of options) {
      const classes = ['read', 'noMemoryEffect', 'notModelled'].filter((c) => c in option.is);
      expect(classes, `${engine.name} ${option.spellings[0]}`).toHaveLength(1);
    }
  });

  it('every option read as the key tables read it names a key they have; every option has a reading', () => {
    for (const { engine, option } of options) {
      const what = `${engine.name} ${option.spellings[0]}`;
      if ('read' in option.is && option.is.read === 'shared') expect(tableHandler(keyOf(option.spellings[0]!)), what).toBeDefined();
      expect(optionHandler(engine, option, tableHandler), what).toBeDefined();
    }
  });

  it('no engine lists one spelling under two options', () => {
    for (const engine of ENGINES) {
      // One option's own spellings may share a key (TGI's `--num-shard` and `NUM_SHARD`); two options may not.
      const keys = engine.options.flatMap((o) => [...new Set(o.spellings.filter((s) => !isShortFlag(s)).map(keyOf))]);
      expect(keys.filter((k, i) => keys.indexOf(k) !== i), engine.name).toEqual([]);
    }
  });

  it("each engine's name is how a message names it", () => {
    for (const engine of ENGINES) expect(engine.named.test(engine.name), engine.name).toBe(true);
  });

  it.each(ENGINES.map((e) => [e.name, e] as const))('every spelling of %s is known to the reader beside its name', (_, engine) => {
    expect(engineCoverage(engine).unknown).toEqual([]);
  });

  it('an unmodelled option is said on a weak cue, with its words quoted in a "not modelled" note', () => {
    for (const { engine, option } of options.filter(({ option }) => classOf(option) === 'notModelled' && !('notModelled' in option.is && 'when' in option.is.notModelled && option.is.notModelled.when))) {
      const spelling = option.spellings.find((s) => s.startsWith('--')) ?? option.spellings[0]!;
      const { config } = earlyStages(asWritten(engine, spelling));
      const what = `${engine.name} ${spelling}`;
      // A switch is quoted alone; an option with a value, with it.
      const quoted = 'notModelled' in option.is && 'switch' in option.is.notModelled && option.is.notModelled.switch ? `"${spelling}"` : '4096';
      expect(config.notes.some((n) => n.startsWith('not modelled: "') && n.includes(quoted)), what).toBe(true);
      expect(config.text.steps.some((s) => s.rule.startsWith('config.key.') && s.weak), what).toBe(true);
    }
  });

  it('an option with no memory effect is set aside whatever its value, and says nothing', () => {
    const noEffect = options.filter(({ option }) => classOf(option) === 'noMemoryEffect');
    fc.assert(
      fc.property(fc.constantFrom(...noEffect), fc.oneof(fc.integer({ min: 0, max: 1 << 20 }).map(String), fc.constantFrom('true', 'false', 'auto')), ({ engine, option }, value) => {
        const spelling = option.spellings[0]!;
        const text = asWritten(engine, spelling).replace(/4096$/, value);
        const { config } = earlyStages(text);
        expect(config.unknownKeys).toEqual([]);
        // An engine's own environment variable (VLLM_*, SGLANG_*) still names its engine, weak
        // (config-keys/engine-variables.ts): that is the variable's name, not its value.
        const namesItsEngine = (s: { wrote: string; weak?: boolean }) => /^[A-Z]+_/.test(spelling) && s.weak === true && s.wrote.trim() === engine.id;
        const said = config.text.steps.filter((s) => s.rule.startsWith('config.key.') && s.wrote.trim() !== '' && !namesItsEngine(s));
        expect(said, text).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});
