import { quantile, runLevel, type SlashTarget } from './driver.js';
import { RssSampler } from './rss.js';
import type { BotProcess } from './bot-process.js';

/**
 * Answers left out of the slope: start-up, JIT, the first SQLite pages, and the bounded caches
 * filling (the conversation store's 5,000 local copies, the 10,000 recently seen event ids).
 */
function warmUpAnswers(threads: number): number {
  return Math.max(12_000, Math.floor(threads * 0.1));
}

/**
 * `bench:load -- --soak N`: N slash commands, each a new thread (a channel answer starts one),
 * at a fixed concurrency, closed loop to the posted answer. Prints RSS at every tenth of the
 * way and, at the end, RSS's least-squares slope per thread after the warm-up: what a
 * long-running bot grows by per conversation (issue 25's target: under 0.05 KB per thread).
 */
export async function runSoak(target: SlashTarget, bot: BotProcess, answers: () => number, threads: number, concurrency: number): Promise<void> {
  const rss = new RssSampler(bot.child.pid!, answers);
  rss.start(1_000);
  const startAnswers = answers();
  const step = Math.max(1, Math.floor(threads / 10));
  let nextReport = step;
  const started = performance.now();
  console.log(`soak: ${threads} threads at ${concurrency} in flight; warm-up (left out of the slope): the first ${warmUpAnswers(threads)} answers`);
  console.log(['answers', 'elapsed s', 'answers/s', 'RSS MB'].map((c) => c.padStart(10)).join(' '));
  const progress = setInterval(() => {
    const done = answers() - startAnswers;
    if (done < nextReport) return;
    nextReport += step;
    const last = rss.samples.at(-1);
    const elapsed = (performance.now() - started) / 1000;
    console.log([done, elapsed.toFixed(0), (done / elapsed).toFixed(0), last ? (last.rssKb / 1024).toFixed(0) : 'n/a'].map((c) => String(c).padStart(10)).join(' '));
  }, 1_000);
  const result = await runLevel(target, concurrency, Number.POSITIVE_INFINITY, threads, 0);
  clearInterval(progress);
  rss.stop();
  const all = rss.summary(startAnswers);
  const steady = rss.summary(startAnswers + warmUpAnswers(threads));
  const toAnswer = [...result.answerMs].sort((a, b) => a - b);
  console.log('');
  console.log(`answered ${toAnswer.length} of ${result.sent} sent (${result.refused} busy, ${result.unanswered} unanswered, ${result.errors} errors); p50 ${quantile(toAnswer, 0.5).toFixed(1)} ms, p99 ${quantile(toAnswer, 0.99).toFixed(1)} ms to the posted answer`);
  console.log(`RSS over the soak: min ${all.minMb.toFixed(0)}, median ${all.medianMb.toFixed(0)}, max ${all.maxMb.toFixed(0)} MB (${all.samples} samples, one a second)`);
  console.log(`RSS slope after warm-up: ${steady.kbPerAnswer.toFixed(3)} KB per thread over ${steady.samples} samples (target < 0.05 KB per thread)`);
}
