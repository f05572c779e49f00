import { describe, expect, it } from 'vitest';
import { diagnose } from '../../src/diagnose/index.js';

/**
 * PyTorch's out-of-memory message cut before its own figures ("Of the allocated memory …"), with one
 * process listed: when that process holds all the memory in use on the card, it is this run seen from
 * outside its container, not another program (OpenBMB/MiniCPM-V#338, c3926, had been told "Another
 * process holds memory"). One that holds only part of it stays another process.
 */
const none = () => null;
const cut = (held: string) =>
  `torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 320.00 MiB. GPU 6 has a total capacty of 79.15 GiB of which 15.31 MiB is free. Process 122606 has ${held} memory in use.`;

describe('a cut OOM message with one process listed', () => {
  it.each(['79.12 GiB', '78.90 GiB', '79.00 GiB'])('holding all the used memory (%s): this run, said so', (held) => {
    const d = diagnose(cut(held), none)!.reply;
    expect(d.cause).not.toBe('other-process');
    expect(d.evidence.join('\n')).toMatch(/read as this run itself/);
  });

  it.each(['40.00 GiB', '12.50 GiB'])('holding part of it (%s): another process', (held) => {
    expect(diagnose(cut(held), none)!.reply.cause).toBe('other-process');
  });
});
