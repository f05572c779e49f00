import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { answerOnce, parseArgs, runInteractive } from '../../src/adapters/console/index.js';
import { ConsoleSession } from '../../src/adapters/console/session.js';

async function once(argv: string[]): Promise<{ code: number; out: string }> {
  let out = '';
  const code = await answerOnce(parseArgs(argv), (s) => (out += s));
  return { code, out };
}

describe('terminal assistant', () => {
  it('prints the JSON contract of DESIGN §4 with its field names', async () => {
    const { code, out } = await once(['--json', '13b', 'bf16', 'zero3', 'seq', '4096', 'on', '4xA100-80G']);
    expect(code).toBe(0);
    const json = JSON.parse(out);
    expect(Object.keys(json)).toEqual(expect.arrayContaining(['ok', 'reading', 'scenario', 'assumptions', 'ignored', 'result', 'suggestions', 'tips']));
    expect(Object.keys(json.result)).toEqual(expect.arrayContaining(['perGpu', 'fits', 'headroomBytes', 'hostBytes']));
    expect(Object.keys(json.result.perGpu)).toEqual(
      expect.arrayContaining(['components', 'peakAllocatedBytes', 'peakReservedBytes', 'deviceBytes', 'capacityBytes']),
    );
    for (const c of json.result.perGpu.components) expect(Object.keys(c)).toEqual(['name', 'bytes', 'formula']);
    expect(json.result.fits).toBe('no');
    // The micro-batch was not said, but not even micro-batch 1 fits at seq 4096: no envelope, a ✗.
    expect(json.result.envelope).toBeNull();
    for (const s of json.suggestions) expect(Object.keys(s)).toEqual(['change', 'deviceBytes', 'note']);
  });

  it('without hardware, capacity, fits and headroom are null and fitsOn lists cards', async () => {
    const json = JSON.parse((await once(['--json', '7b', 'lora'])).out);
    expect(json.result.perGpu.capacityBytes).toBeNull();
    expect(json.result.fits).toBeNull();
    expect(json.result.headroomBytes).toBeNull();
    expect(json.result.fitsOn.length).toBeGreaterThan(0);
  });

  it('answers a question with an answer object', async () => {
    const json = JSON.parse((await once(['--json', 'llama-3-8b lora max batch on h100'])).out);
    expect(json.answer.kind).toBe('maxBatch');
    expect(json.answer.value).toBeGreaterThan(0);
  });

  it('exits 2 with an error object on a request error', async () => {
    const { code, out } = await once(['--json', '13b', 'zer3']);
    expect(code).toBe(2);
    const json = JSON.parse(out);
    expect(json.ok).toBe(false);
    expect(json.error.suggestion).toBe('zero3');
    expect(json.error.at).toBe(4);
  });

  it('keeps a conversation: follow-ups, bad lines, help and reset never end the session', async () => {
    const session = new ConsoleSession();
    expect(await session.handle('13b bf16 zero3 seq 4096 on 4xA100-80G')).toMatch(/Read as: Llama-2-13B shape/);
    expect(await session.handle('now zero2')).toMatch(/ZeRO-2/);
    for (const bad of ['', '\u0000\u0001', '🙂', '13', 'zer3', 'x'.repeat(5000), 'これは何']) {
      const text = await session.handle(bad);
      expect(text.length).toBeGreaterThan(0);
    }
    expect(await session.handle('seq 8192')).toMatch(/seq 8192/);
    expect(await session.handle('help')).toMatch(/Examples/);
    await session.handle('reset');
    expect(await session.handle('seq 1024')).toMatch(/model/i);
  });

  it('runs an interactive session over streams until exit', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    let text = '';
    output.on('data', (d) => (text += d));
    const done = runInteractive(input, output);
    input.write('7b lora on a 4090\n');
    input.write('zer3\n');
    input.write('exit\n');
    await done;
    expect(text).toMatch(/Read as: .*7B/);
    expect(text).toMatch(/zero3/);
  });
});
