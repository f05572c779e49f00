import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KEY_TABLES } from '../../src/language/config-keys.js';
import { ENGINES } from '../../src/language/config-keys/engines/index.js';
import { FRAMEWORKS } from '../../src/language/config-keys/frameworks/index.js';
import { classOf, optionHandler, type Program, type ProgramOption } from '../../src/language/config-keys/program-option.js';
import { IGNORE, say, type KeyContext } from '../../src/language/config-keys/values.js';

/**
 * Issue 22 §6: one option type and one reader for every program whose option list is read from
 * its source — the serving engines (engines/) and the training frameworks (frameworks/) alike.
 */

const tableHandler = (key: string) => Object.values(KEY_TABLES).find((t) => Object.hasOwn(t, key))?.[key]?.reads;
const ctx = (over: Partial<KeyContext> = {}): KeyContext => ({ parent: null, axolotl: false, keys: new Set(), ...over });

/** An invented program with one option of each class, a server's and a trainer's unmodelled ones both. */
const option = (spelling: string, is: ProgramOption['is']): ProgramOption => ({ spellings: [spelling], is });
const TOY: Program = {
  id: 'toy',
  name: 'Toy',
  named: /\btoy\b/,
  source: 'invented for this test',
  says: 'serve',
  options: [
    option('--own', { read: () => say('bs 4') }),
    option('--tensor-parallel-size', { read: 'shared' }),
    option('--port', { noMemoryEffect: true }),
    option('--toy-offload', { notModelled: { what: 'weights kept on the CPU', changes: 'weights' } }),
    option('teacher_model', { notModelled: { what: 'a teacher model beside the student', weakens: ['framework'] } }),
    option('--both', { read: 'through', with: (reads) => (v, c) => reads('own')!(v, c) }),
  ],
};
const handlerOf = (spelling: string, program: Program = TOY) => optionHandler(program, program.options.find((o) => o.spellings.includes(spelling))!, tableHandler)!;

describe('one reader for every program option', () => {
  it('reads by its own handler, by the tables, or through another option of the program', () => {
    expect(handlerOf('--own')('1', ctx())).toEqual({ say: 'bs 4' });
    expect(handlerOf('--tensor-parallel-size')).toBe(tableHandler('tensor_parallel_size'));
    expect(handlerOf('--both')('1', ctx())).toEqual({ say: 'bs 4' });
  });

  it('an option with no memory effect is set aside whatever its value; under a parent block the tables read the key', () => {
    fc.assert(
      fc.property(fc.string(), (v) => {
        expect(handlerOf('--port')(v, ctx())).toEqual(IGNORE);
      }),
    );
    const port = { ...TOY, options: [option('--tensor-parallel-size', { noMemoryEffect: true })] };
    expect(handlerOf('--tensor-parallel-size', port)('4', ctx({ parent: 'parallel' }))).toEqual(tableHandler('tensor_parallel_size')!('4', ctx({ parent: 'parallel' })));
  });

  it("a server's unmodelled option says the server on a weak cue with the user's words; a trainer's sets the option aside, its facts weak", () => {
    expect(handlerOf('--toy-offload')('8', ctx({ current: 'toy_offload', pair: '--toy-offload 8' }))).toEqual({
      say: 'serve',
      note: 'not modelled: "--toy-offload 8" (weights kept on the CPU): weights sized without it',
      weak: true,
    });
    expect(handlerOf('teacher_model')('qwen-32b', ctx())).toEqual({ ignore: true, unmodelled: { weakens: ['framework'], changes: 'a teacher model beside the student' } });
    // Turned off, neither says anything.
    expect(handlerOf('teacher_model')('none', ctx())).toEqual(IGNORE);
    expect(handlerOf('--toy-offload')('0', ctx({ current: 'toy_offload' }))).toEqual(IGNORE);
  });

  it("a server's unmodelled option on a program that serves nothing is refused when its reader is made (the shape can fail)", () => {
    const { says: _says, ...trainer } = TOY;
    expect(() => handlerOf('--toy-offload', trainer)).toThrow(/says no server/);
    expect(handlerOf('teacher_model', trainer)).toBeTypeOf('function');
  });

  it('every option of every engine and framework has one class and a reader', () => {
    const programs: Program[] = [...ENGINES, ...FRAMEWORKS];
    for (const program of programs) {
      for (const o of program.options) {
        const what = `${program.name} ${o.spellings[0]}`;
        expect(['read', 'noMemoryEffect', 'notModelled'].filter((c) => c in o.is), what).toEqual([classOf(o)]);
        expect(() => optionHandler(program, o, tableHandler), what).not.toThrow();
      }
    }
  });
});
