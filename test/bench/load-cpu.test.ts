import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cpuMsOfStatLine, cpuPerAnswer, type CpuReading } from '../../bench/load/cpu.js';

/** A /proc/<pid>/stat line with the given command name, utime and stime (ticks); other fields filler. */
function statLine(pid: number, comm: string, utime: number, stime: number): string {
  const afterComm = ['S', 1, 1, 1, 0, -1, 4194560, 100, 0, 0, 0, utime, stime, 0, 0, 20, 0, 13, 0, 12345];
  return `${pid} (${comm}) ${afterComm.join(' ')}`;
}

describe('bench:load CPU per answer', () => {
  it('reads utime + stime as ms whatever the command name holds (property)', () => {
    fc.assert(
      fc.property(fc.nat(10_000_000), fc.nat(10_000_000), fc.string({ maxLength: 15 }), (utime, stime, comm) => {
        expect(cpuMsOfStatLine(statLine(42, comm, utime, stime))).toBe((utime + stime) * 10);
      }),
    );
    expect(cpuMsOfStatLine(statLine(7, 'node) (x 1 2', 3, 4))).toBe(70);
  });

  it('splits main thread, busiest other thread and whole process, per answer', () => {
    const reading = (main: number, worker: number, helper: number): CpuReading => ({
      byThread: new Map([
        [100, main],
        [101, worker],
        [102, helper],
      ]),
      processMs: main + worker + helper,
    });
    const per = cpuPerAnswer(100, reading(1_000, 500, 900), reading(1_400, 1_100, 1_000), 200);
    expect(per).toEqual({ mainMs: 2, busiestOtherMs: 3, processMs: 5.5 });
    expect(cpuPerAnswer(100, null, reading(1, 1, 1), 10).mainMs).toBeNaN();
    expect(cpuPerAnswer(100, reading(1, 1, 1), reading(2, 2, 2), 0).processMs).toBeNaN();
  });
});
