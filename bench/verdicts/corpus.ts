import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

/**
 * The verdict corpus (test/corpus/verdicts.jsonl): real users' reported outcomes — a run that went
 * out of memory or a server that refused to start for lack of memory, or one that ran — each with
 * the setup written in headroom's request language. How the lines were collected is in
 * test/corpus/README.md ("Verdict corpus").
 */

/** Setup fields a user may leave unsaid; `seq` and `batch` are the two that drive activations and KV. */
export const UNSTATED_FIELDS = ['seq', 'batch', 'precision', 'recompute', 'lora'] as const;

/** "owner/repo#N https://github.com/owner/repo/issues/N" (or /pull/N): the thread the outcome is from. */
const SOURCE = /^([\w.-]+\/[\w.-]+)#(\d+) https:\/\/github\.com\/([\w.-]+\/[\w.-]+)\/(?:issues|pull)\/(\d+)$/;

export const VerdictLine = z
  .object({
    id: z.string().regex(/^v\d{3,}$/),
    source: z.string().regex(SOURCE, 'owner/repo#N followed by its github.com issue or pull URL'),
    /** The user's own words for the setup and the outcome, trimmed with "..." but not rewritten. */
    quote: z.string().min(10),
    kind: z.enum(['training', 'serving']),
    outcome: z.enum(['oom', 'ran']),
    /** The setup in the request language, written from the quote before any verdict was seen. */
    request: z.string().min(3),
    unstated: z.array(z.enum(UNSTATED_FIELDS)),
    notes: z.string(),
    /** The collection a line came in ("vb2"), on lines kept in their own file until scored at first sight. */
    batch: z.string().regex(/^vb\d+$/).optional(),
  })
  .strict()
  .refine((l) => {
    const m = SOURCE.exec(l.source);
    return m !== null && m[1] === m[3] && m[2] === m[4];
  }, 'the URL names a different repository or number than owner/repo#N');

export type VerdictLine = z.infer<typeof VerdictLine>;

export const DEFAULT_CORPUS = join(process.cwd(), 'test/corpus/verdicts.jsonl');

/** Every line of the corpus, parsed and checked; a line that is not JSON or breaks the schema throws with its number. */
export function loadVerdictCorpus(path = DEFAULT_CORPUS): VerdictLine[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line, n) => {
      let json: unknown;
      try {
        json = JSON.parse(line);
      } catch (err) {
        throw new Error(`verdicts.jsonl line ${n + 1} is not JSON: ${(err as Error).message}`);
      }
      const parsed = VerdictLine.safeParse(json);
      if (!parsed.success) throw new Error(`verdicts.jsonl line ${n + 1}: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'line'}: ${i.message}`).join('; ')}`);
      return parsed.data;
    });
}

/** Both drivers of activations and KV cache (sequence and batch) were stated by the user. */
export function seqAndBatchStated(line: VerdictLine): boolean {
  return !line.unstated.includes('seq') && !line.unstated.includes('batch');
}
