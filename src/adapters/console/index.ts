import { writeFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { respond } from '../../core/assistant.js';
import { lazyDefaultHub } from './lazy-hub.js';
import { prepareRequest, type HubResolver } from '../../hub/prefetch.js';
import type { EstimateReply } from '../../reply/types.js';
import { renderJson } from '../../render/json.js';
import { renderText } from '../../render/text.js';
import { ConsoleSession } from './session.js';
import { hardwareJson, segmentsJson, setAsideJson, traceText } from './trace.js';
import type { ConsoleOptions } from './args.js';

export { parseArgs, type ConsoleOptions } from './args.js';

async function writeChart(reply: EstimateReply, file: string): Promise<string> {
  const { chartPng } = await import('../../render/chart/index.js');
  const kind = reply.scenario.chart === 'none' ? 'breakdown' : reply.scenario.chart;
  const png = await chartPng(reply, kind);
  await writeFile(file, png);
  return `Saved ${kind} chart to ${file} (${Math.round(png.length / 1024)} KB).`;
}

/** One request from the command line: text or JSON; exit code 2 on a request error. */
export async function answerOnce(options: ConsoleOptions, out: (s: string) => void, hub: HubResolver | null = lazyDefaultHub()): Promise<number> {
  const prepared = await prepareRequest(options.request ?? '', hub);
  const { reply } = respond(prepared.text, null, prepared.context);
  const message = options.request ?? '';
  if (options.trace && !options.json) out(traceText(message, reply));
  out(options.json ? JSON.stringify({ ...renderJson(reply), segments: segmentsJson(message), hardware: hardwareJson(message), setAside: setAsideJson(message) }, null, 2) : renderText(reply));
  if (options.png && reply.kind === 'estimate') out(await writeChart(reply, options.png));
  return reply.kind === 'error' ? 2 : 0;
}

/** The interactive terminal assistant: a line in, an answer out, until EOF or "exit". */
export async function runInteractive(input: NodeJS.ReadableStream, output: NodeJS.WritableStream): Promise<void> {
  const session = new ConsoleSession(writeChart);
  const rl = createInterface({ input, output, terminal: (input as { isTTY?: boolean }).isTTY === true });
  const prompt = () => rl.setPrompt('headroom> ');
  output.write('headroom — GPU memory, explained. Type a request (e.g. "13b bf16 zero3 seq 4096 on 4xA100-80G"),\n"help", "reset", "save chart.png", or "exit".\n');
  prompt();
  rl.prompt();
  for await (const line of rl) {
    if (/^\s*(exit|quit)\s*$/i.test(line)) break;
    const answer = line.trim() ? await session.handle(line) : '';
    if (answer) output.write(`${answer}\n\n`);
    rl.prompt();
  }
  rl.close();
}
