import { respond, type ThreadState } from '../../core/assistant.js';
import { prepareRequest, type HubResolver } from '../../hub/prefetch.js';
import type { EstimateReply, Reply } from '../../reply/types.js';
import { renderText } from '../../render/text.js';
import { lazyDefaultHub } from './lazy-hub.js';

/**
 * A pasted Python traceback arrives one line at a time: it starts with this line, and its
 * frames are indented until the unindented "SomeError: message" line that ends it.
 */
const TRACEBACK_START = /^\s*Traceback \(most recent call last\):\s*$/;
const EXCEPTION_LINE = /^[A-Za-z_][\w.]*(?:Error|Exception|Interrupt)\b/;
/** A traceback that never reaches its exception line is answered after this many lines. */
const MAX_TRACEBACK_LINES = 400;

/**
 * One terminal conversation: each line is a request or a follow-up on the previous answer.
 * Pure apart from the injected `save` (charts) so it can be driven by tests.
 */
export class ConsoleSession {
  private state: ThreadState | null = null;
  private last: EstimateReply | null = null;
  /** Lines of a ``` block pasted over several lines (a config.json), until its closing fence. */
  private fenced: string[] | null = null;
  /** Lines of a Python traceback pasted at the prompt, until its unindented exception line. */
  private traceback: string[] | null = null;

  /** `hub`: where Hub ids are fetched (the process's client by default; null = off). */
  constructor(
    private readonly save?: (reply: EstimateReply, file: string) => Promise<string>,
    private readonly hub: HubResolver | null = lazyDefaultHub(),
  ) {}

  /** Answers one line; returns the text to print ('' while a pasted ``` block is still open). Never throws. */
  async handle(line: string): Promise<string> {
    const fences = (line.match(/```/g) ?? []).length;
    if (this.traceback) {
      this.traceback.push(line);
      if (!EXCEPTION_LINE.test(line) && this.traceback.length < MAX_TRACEBACK_LINES) return '';
      line = this.traceback.join('\n');
      this.traceback = null;
    } else if (!this.fenced && TRACEBACK_START.test(line)) {
      this.traceback = [line];
      return '';
    }
    if (this.fenced) {
      this.fenced.push(line);
      if (fences % 2 === 0) return '';
      line = this.fenced.join('\n');
      this.fenced = null;
    } else if (fences % 2 === 1) {
      this.fenced = [line];
      return '';
    }
    const trimmed = line.trim();
    const saveMatch = /^save\s+(\S+\.png)$/i.exec(trimmed);
    if (saveMatch) return this.saveChart(saveMatch[1]!);
    const prepared = await prepareRequest(line, this.hub);
    const turn = respond(prepared.text, this.state, prepared.context);
    this.state = turn.state;
    if (turn.reply.kind === 'estimate') this.last = turn.reply;
    if (turn.state === null) this.last = null;
    return renderText(turn.reply);
  }

  get lastReply(): Reply | null {
    return this.last;
  }

  private async saveChart(file: string): Promise<string> {
    if (!this.last) return 'Nothing to chart yet: ask something first, then "save chart.png".';
    if (!this.save) return 'Charts are not available in this session.';
    try {
      return await this.save(this.last, file);
    } catch (err) {
      return `Could not save the chart: ${(err as Error).message}`;
    }
  }
}
