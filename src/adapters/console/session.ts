import { respond, type ThreadState } from '../../core/assistant.js';
import type { EstimateReply, Reply } from '../../reply/types.js';
import { renderText } from '../../render/text.js';

/**
 * One terminal conversation: each line is a request or a follow-up on the previous answer.
 * Pure apart from the injected `save` (charts) so it can be driven by tests.
 */
export class ConsoleSession {
  private state: ThreadState | null = null;
  private last: EstimateReply | null = null;

  constructor(private readonly save?: (reply: EstimateReply, file: string) => Promise<string>) {}

  /** Answers one line; returns the text to print. Never throws. */
  async handle(line: string): Promise<string> {
    const trimmed = line.trim();
    const saveMatch = /^save\s+(\S+\.png)$/i.exec(trimmed);
    if (saveMatch) return this.saveChart(saveMatch[1]!);
    const turn = respond(line, this.state);
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
