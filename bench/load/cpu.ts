import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time the bot spent, read from /proc (Linux), per thread: its main thread (the task whose
 * id is the process id), the busiest other thread (under load, the compute worker that runs the
 * core), and the whole process (adding V8's GC and compiler helpers and libuv's pool).
 *
 * Answers/s on a shared 2-core machine moves with whoever else is running; CPU milliseconds per
 * answer does much less, since time spent waiting for a core is not counted. An A/B of a
 * main-thread change is told by main-thread CPU per answer first, answers/s second; and the
 * thread with the most CPU per answer is the one that caps answers/s.
 */
export interface CpuReading {
  /** CPU ms by thread id; the main thread's id is the process id. */
  byThread: Map<number, number>;
  processMs: number;
}

export interface CpuPerAnswer {
  mainMs: number;
  /** The thread other than main that used the most CPU between the readings. */
  busiestOtherMs: number;
  processMs: number;
}

/** utime + stime of a /proc stat line, in ms (clock ticks of 10 ms, USER_HZ = 100 on Linux). */
export function cpuMsOfStatLine(line: string): number {
  // The command name (field 2) is in parentheses and may hold spaces: count fields after its ')'.
  const fields = line.slice(line.lastIndexOf(')') + 2).split(' ');
  // After ')' the state is field 3, so utime (field 14) and stime (field 15) sit at 11 and 12.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

export function readCpu(pid: number): CpuReading | null {
  try {
    const byThread = new Map<number, number>();
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      try {
        byThread.set(Number(tid), cpuMsOfStatLine(readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8')));
      } catch {
        // a thread that ended between the listing and the read
      }
    }
    return { byThread, processMs: cpuMsOfStatLine(readFileSync(`/proc/${pid}/stat`, 'utf8')) };
  } catch {
    return null; // not Linux, or the process is gone
  }
}

/** CPU ms per answer between two readings of process `pid`; NaN where either is missing or no answer was posted. */
export function cpuPerAnswer(pid: number, before: CpuReading | null, after: CpuReading | null, answers: number): CpuPerAnswer {
  if (!before || !after || answers <= 0) return { mainMs: Number.NaN, busiestOtherMs: Number.NaN, processMs: Number.NaN };
  const spent = (tid: number) => (after.byThread.get(tid) ?? 0) - (before.byThread.get(tid) ?? 0);
  let busiestOther = 0;
  for (const tid of after.byThread.keys()) if (tid !== pid) busiestOther = Math.max(busiestOther, spent(tid));
  return { mainMs: spent(pid) / answers, busiestOtherMs: busiestOther / answers, processMs: (after.processMs - before.processMs) / answers };
}
