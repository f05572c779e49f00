import { spawn } from 'node:child_process';
import { buttonClick } from '../../test/slack/standin/payloads.js';
import { CLI_JS, exitWithin, sleep, waitUntil, type CaseContext, type FaultCase } from './harness.js';
import { newChannel, nextTs, postToBot, SlackWorld } from './slack-world.js';

/** Round 2, "input hygiene", the JSON field extraParams, and refusals said in public. */

/** `headroom --json <request>` (the bundled CLI): its parsed output, or null when it printed no JSON in 10 s. */
async function cliJson(ctx: CaseContext, request: string): Promise<Record<string, unknown> | null> {
  const child = ctx.own(spawn(process.execPath, [CLI_JS, '--json', request], { env: { HF_ENDPOINT: 'http://127.0.0.1:9', HEADROOM_HUB_CACHE_DIR: 'off' }, stdio: ['ignore', 'pipe', 'ignore'] }));
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => void (out += chunk.toString()));
  await exitWithin(child, 10_000);
  try {
    return JSON.parse(out) as Record<string, unknown>;
  } catch {
    return null;
  }
}

const NEGATIVE = ['7b lora on a100 seq -1', '7b lora on -2x h100', '7b lora on a100 bs -4'];

const negativeNumbers: FaultCase = {
  id: 'negative-numbers',
  round: 2,
  fault: '"seq -1", "on -2x h100", "bs -4" through the CLI --json',
  threshold: 'each an error (ok: false)',
  async run(ctx) {
    const outputs = await Promise.all(NEGATIVE.map((request) => cliJson(ctx, request)));
    const accepted = NEGATIVE.filter((_, i) => outputs[i]?.ok !== false);
    return { figure: accepted.length === 0 ? `${NEGATIVE.length}/${NEGATIVE.length} refused` : `read as valid: ${accepted.map((r) => `"${r}"`).join(', ')}`, held: accepted.length === 0 };
  },
};

const ESTIMATES = [
  '7b lora on a100',
  '70b qlora on 2x a100',
  'llama 3 8b full fine-tune on 8x h100 zero3',
  'mistral 7b inference on l4',
  'qwen2.5 14b serve on h100 seq 8192 users 16',
  '13b full on 4x a100 fsdp',
  'gemma 2 9b lora on a10g',
  '1.5b pretrain on 8x h100 seq 4096',
  'mixtral 8x7b inference on 2x h100',
  'phi-3 mini lora on t4',
  'deepseek v3 inference on 8x h200',
  'llama 3 70b serve on 4x h100 fp8',
  '3b full fine-tune on rtx 4090',
  'gpt-oss 20b inference on h100',
  '34b qlora on a6000',
  '405b inference on 8x h100 int4',
  '7b dpo on 2x a100',
  'llama 2 13b lora r64 on a100 mbs 4',
  '8b grpo on 8x h100',
  '30b moe inference on 2x l40s',
];

/** Every `extraParams` number anywhere in a JSON value. */
function extraParams(value: unknown, found: number[] = []): number[] {
  if (Array.isArray(value)) value.forEach((v) => extraParams(v, found));
  else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (key === 'extraParams' && typeof v === 'number') found.push(v);
      else extraParams(v, found);
    }
  }
  return found;
}

const extraParamsCase: FaultCase = {
  id: 'extra-params',
  round: 2,
  fault: `${ESTIMATES.length} estimates through the CLI --json`,
  threshold: 'extraParams never negative',
  async run(ctx) {
    const negative: string[] = [];
    let seen = 0;
    for (let i = 0; i < ESTIMATES.length; i += 4) {
      const outputs = await Promise.all(ESTIMATES.slice(i, i + 4).map((request) => cliJson(ctx, request)));
      outputs.forEach((output, j) => {
        const values = extraParams(output);
        seen += values.length;
        if (values.some((v) => v < 0)) negative.push(ESTIMATES[i + j]!);
      });
    }
    return { figure: `negative in ${negative.length} of ${ESTIMATES.length} (${seen} values seen)${negative.length ? `, e.g. "${negative[0]}"` : ''}`, held: negative.length === 0 && seen > 0 };
  },
};

const CLICKS = 8;

const chartRefusalPublic: FaultCase = {
  id: 'chart-refusal-public',
  round: 2,
  fault: `${CLICKS} Chart clicks the bot refuses (unknown answer, then too fast)`,
  threshold: '0 public posts for refusals',
  async run(ctx) {
    const world = await SlackWorld.start(ctx);
    const bot = await ctx.bot(world.env());
    const channel = newChannel();
    const message = { ts: nextTs(), channel };
    for (let i = 0; i < CLICKS; i++) {
      const payload = { ...buttonClick(message, 'headroom_chart', ''), response_url: world.responseUrl() };
      await postToBot(bot.port, new URLSearchParams({ payload: JSON.stringify(payload) }).toString(), 'application/x-www-form-urlencoded');
      if (i < 2) await sleep(300);
    }
    await waitUntil(() => world.postsIn(channel).length + world.responses.length >= CLICKS, 5_000);
    await sleep(500);
    const publicPosts = world.postsIn(channel).filter((c) => c.method === 'chat.postMessage').length;
    const privateNotices = world.postsIn(channel).filter((c) => c.method === 'chat.postEphemeral').length + world.responses.length;
    return { figure: `${publicPosts} public posts, ${privateNotices} ephemeral notices`, held: publicPosts === 0 && privateNotices > 0 };
  },
};

export const INPUT_CASES: FaultCase[] = [negativeNumbers, extraParamsCase, chartRefusalPublic];
