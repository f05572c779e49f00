import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * A traceback's quoted source line is the program's own call: `load_in_4bit=True` there loads the weights
 * in bitsandbytes 4 bits (segments/log-evidence.ts log.traceback-kbit-call); a format the user names wins.
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;
const traceback = (call: string) =>
  `My 8GB card runs out of memory running llama-2-7b-chat.\n\n\`\`\`\npython app.py --model llama-2-7b-chat\nTraceback (most recent call last):\n  File "/home/u/app.py", line 12, in <module>\n${call}\n  File "/home/u/lib.py", line 40, in load\ntorch.cuda.OutOfMemoryError: CUDA out of memory.\n\`\`\`\n`;

describe('a k-bit switch in a traceback\'s source line', () => {
  it('c1307: the traceback\'s load_in_4bit=True is nf4', () => {
    expect(read(line('c1307').text).scenario.weights).toBe('nf4');
  });

  it.each([
    ['    launch(model_path=args.path, load_in_4bit=True)', 'nf4'],
    ['    model = load_model(path, load_in_8bit=True, device_map="auto")', 'int8'],
    ['    self.model = AutoModelForCausalLM.from_pretrained(name, load_in_4bit = True)', 'nf4'],
  ])('%s', (call, weights) => {
    expect(read(traceback(call)).scenario.weights).toBe(weights);
  });

  it('False loads nothing quantised, and the user\'s own format wins', () => {
    expect(read(traceback('    launch(model_path=args.path, load_in_4bit=False)')).scenario.weights).not.toMatch(/nf4|int8/);
    expect(read(traceback('    launch(model_path=args.path, load_in_4bit=True)').replace('llama-2-7b-chat.', 'llama-2-7b-chat in 8-bit.')).scenario.weights).toBe('int8');
  });
});
