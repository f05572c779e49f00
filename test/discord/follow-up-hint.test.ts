import { describe, expect, it } from 'vitest';
import { followUpHint, followUpOf } from '../../src/adapters/discord/handling/follow-up.js';
import { respond } from '../../src/core/assistant.js';
import type { DiagnosisReply } from '../../src/reply/types.js';
import { fixture } from '../diagnose/fixtures.js';

/** Where a slash answer can open no thread, its one line says what to type next (issue 24, items 3 and 9). */
const channel = { inThread: false, dm: false, canOpenThreads: true, channelId: 'C1', userId: 'U1' };
const log = fixture('torch2-shortage-4090').text;
const OOM_LINE =
  'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 500.00 MiB. GPU 0 has a total capacity of 23.65 GiB of which 11.06 MiB is free. Including non-PyTorch memory, this process has 23.60 GiB memory in use. Of the allocated memory 22.90 GiB is allocated by PyTorch, and 194.87 MiB is reserved by PyTorch but unallocated.';

describe('the one-line follow-up hint', () => {
  it('an estimate offers two of its own follow-ups, which change with the setup', () => {
    expect(followUpHint(respond('13b gc zero2 on 8x h100', null).reply, true)).toBe('To follow up, write here ("zero3", "seq 4096").');
    expect(followUpHint(respond('7b lora on a 4090', null).reply, false)).toBe('No thread here: to follow up, reply to this answer ("gc", "seq 4096").');
  });

  it('a diagnosis with no setup asks for the setup; held against one, it offers its levers', () => {
    expect(followUpHint(respond(log, null).reply, true)).toBe('To follow up, write here (your setup, e.g. "8b full bf16 seq 4096 on H100").');
    const held = respond(`13b lora on 1x 4090 seq 4096\n${OOM_LINE}`, null).reply as DiagnosisReply;
    expect(held.levers.length).toBeGreaterThan(1);
    expect(followUpHint(held, false)).toBe(`No thread here: to follow up, reply to this answer ("${held.levers[0]!.change}", "${held.levers[1]!.change}").`);
    // Held against a setup with no lever to offer (fragmentation: the fix is the allocator, not the setup): a change to try.
    const bare = respond(`13b lora on 1x 4090 seq 4096\n${log}`, null).reply as DiagnosisReply;
    expect(bare.cause).toBe('fragmentation');
    expect(bare.setup).toBeDefined();
    expect(bare.levers).toEqual([]);
    expect(followUpHint(bare, true)).toBe('To follow up, write here (a change to re-estimate, e.g. "gc").');
  });

  it('a diagnosis opens a thread as an estimate does; an unreadable error or a help does not', () => {
    expect(followUpOf(respond(log, null).reply, channel)).toEqual({ kind: 'thread' });
    expect(followUpOf(respond(fixture('unreadable-illegal-access').text, null).reply, channel)).toEqual({ kind: 'none' });
    expect(followUpOf(respond('help', null).reply, channel)).toEqual({ kind: 'none' });
    expect(followUpOf(respond(log, null).reply, { ...channel, canOpenThreads: false }).kind).toBe('hint');
  });
});
