import { spawn } from 'node:child_process';
import { CLI_JS, exitWithin, mb, sampleMemory, sleep, waitUntil, type CaseContext, type FaultCase } from './harness.js';
import { BIG_BODY_BYTES, discordReply, discordStandIn, DISTINCTIVE_CONFIG, DISTINCTIVE_WORDS, fileServer, mentionWithAttachment, streamJson, type Served } from './file-servers.js';
import { BOT_USER, nextTs, postEvent, slash, SlackWorld, visibleText } from './slack-world.js';

/** Round 2, "every download capped and typed" and "only the platform's own hosts get a token". */

const HUB_ID = 'acme/endless-7b';
/** What an endless Hub answer may stream at most before the stand-in stops on its own. */
const ENDLESS_LIMIT_BYTES = 2 * 1024 * 1024 * 1024;
const MB = 1024 * 1024;

/** A Hub whose config.json (and model API answer) never ends: JSON that keeps coming. */
async function endlessHub(ctx: CaseContext): Promise<{ url: string; served: Served }> {
  return fileServer(ctx, (_req, res, served) => streamJson(res, served, ENDLESS_LIMIT_BYTES));
}

const hubEndlessCli: FaultCase = {
  id: 'hub-endless-cli',
  round: 2,
  fault: `CLI names a Hub id whose config.json never ends`,
  threshold: 'peak RSS < 200 MB, exits ≤ 10 s',
  timeoutMs: 30_000,
  async run(ctx) {
    const hub = await endlessHub(ctx);
    const child = ctx.own(spawn(process.execPath, [CLI_JS, `${HUB_ID} lora on a100`], { env: { HF_ENDPOINT: hub.url, HEADROOM_HUB_CACHE_DIR: 'off' }, stdio: ['ignore', 'ignore', 'ignore'] }));
    const memory = sampleMemory(child.pid!);
    const exit = await exitWithin(child, 10_000);
    const { hwmMb, peakMb } = memory.stop();
    const peak = Number.isFinite(hwmMb) ? Math.max(hwmMb, peakMb) : peakMb;
    const figure = `peak RSS ${mb(peak)}, ${exit ? `exit ${exit.code ?? exit.signal} after ${(exit.ms / 1000).toFixed(1)} s` : 'still running at 10 s'}, Hub streamed ${mb(hub.served.bytesSent / MB)}`;
    return { figure, held: exit !== null && peak < 200 };
  },
};

const hubEndlessBot: FaultCase = {
  id: 'hub-endless-bot',
  round: 2,
  fault: 'Slack request names a Hub id whose config.json never ends',
  threshold: 'bot RSS growth < 50 MB',
  timeoutMs: 40_000,
  async run(ctx) {
    const hub = await endlessHub(ctx);
    const world = await SlackWorld.start(ctx);
    const bot = await ctx.bot(world.env({ HF_ENDPOINT: hub.url }));
    const memory = sampleMemory(bot.child.pid!);
    const sent = await slash(world, bot.port, `${HUB_ID} lora on a100`);
    await waitUntil(() => sent.answeredAt() !== null, 10_000);
    await sleep(500);
    const { growthMb } = memory.stop();
    return { figure: `RSS +${mb(growthMb)}, Hub streamed ${mb(hub.served.bytesSent / MB)}, ${sent.answeredAt() ? 'answered' : 'no answer in 10 s'}`, held: growthMb < 50 };
  },
};

/** A Slack file_share mention: one config.json at `url`, declared `size` bytes. */
function slackFileShare(url: string, size: number, channel: string) {
  const ts = nextTs();
  return {
    ts,
    event: {
      type: 'message' as const,
      subtype: 'file_share',
      channel,
      text: `<@${BOT_USER}> inference on h100`,
      ts,
      files: [{ id: 'F0FAULT', name: 'config.json', title: 'config.json', mimetype: 'application/json', filetype: 'json', size, url_private: url, url_private_download: url }],
    },
  };
}

const fileSizeLieSlack: FaultCase = {
  id: 'file-size-lie-slack',
  round: 2,
  fault: 'Slack file share declared 300 B, body 200 MB (on the API host)',
  threshold: 'bot RSS growth < 50 MB',
  timeoutMs: 40_000,
  async run(ctx) {
    const world = await SlackWorld.start(ctx);
    const served: Served = { requests: 0, withAuthorization: 0, bytesSent: 0 };
    world.files.set('/files/T0TEAM/F0FAULT/config.json', (req, res) => {
      served.requests += 1;
      req.resume();
      streamJson(res, served, BIG_BODY_BYTES);
    });
    const bot = await ctx.bot(world.env());
    const memory = sampleMemory(bot.child.pid!);
    const share = slackFileShare(`${world.origin}/files/T0TEAM/F0FAULT/config.json`, 300, 'C0FILES');
    await postEvent(bot.port, share.event);
    await waitUntil(() => world.postsIn('C0FILES').length > 0, 15_000);
    await sleep(500);
    const { growthMb } = memory.stop();
    return { figure: `RSS +${mb(growthMb)}, file host sent ${mb(served.bytesSent / MB)} in ${served.requests} request(s)`, held: growthMb < 50 };
  },
};

const fileSizeLieDiscord: FaultCase = {
  id: 'file-size-lie-discord',
  round: 2,
  fault: 'Discord attachment declared 300 B, body 200 MB',
  threshold: 'bot RSS growth < 50 MB',
  timeoutMs: 40_000,
  async run(ctx) {
    const { standin, env } = await discordStandIn(ctx);
    // Served from the stand-in's own origin (the one DISCORD_API_URL names, where attachments are
    // allowed), so the case tests the size cap, not the host allowlist.
    const served: Served = { requests: 0, withAuthorization: 0, bytesSent: 0 };
    const url = standin.hostAttachmentWith('config.json', (_req, res) => streamJson(res, served, BIG_BODY_BYTES));
    const bot = await ctx.bot(env);
    await standin.waitForReadySocket();
    const memory = sampleMemory(bot.child.pid!);
    mentionWithAttachment(standin, url, 300);
    const reply = await discordReply(standin, 15_000);
    await sleep(500);
    const { growthMb } = memory.stop();
    return { figure: `RSS +${mb(growthMb)}, file host sent ${mb(served.bytesSent / MB)}, ${reply ? 'answered' : 'no answer in 15 s'}`, held: growthMb < 50 };
  },
};

const fileForeignSlack: FaultCase = {
  id: 'file-foreign-host-slack',
  round: 2,
  fault: 'Slack file object whose URL is another (loopback) host',
  threshold: 'no token sent, words not echoed',
  async run(ctx) {
    const world = await SlackWorld.start(ctx);
    const foreign = await fileServer(ctx, (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(DISTINCTIVE_CONFIG));
    const bot = await ctx.bot(world.env());
    await postEvent(bot.port, slackFileShare(`${foreign.url}/files/T0TEAM/F0FAULT/config.json`, DISTINCTIVE_CONFIG.length, 'C0FOREIGN').event);
    await waitUntil(() => world.postsIn('C0FOREIGN').length > 0, 10_000);
    const reply = world.postsIn('C0FOREIGN').map((c) => visibleText(c.args)).join('\n');
    const echoed = DISTINCTIVE_WORDS.some((w) => reply.includes(w));
    return {
      figure: `foreign host: ${foreign.served.requests} request(s), ${foreign.served.withAuthorization} with Authorization; words ${echoed ? 'echoed' : 'not echoed'}${reply ? '' : ' (no reply)'}`,
      held: foreign.served.withAuthorization === 0 && !echoed && reply.length > 0,
    };
  },
};

const fileForeignDiscord: FaultCase = {
  id: 'file-foreign-host-discord',
  round: 2,
  fault: 'Discord attachment URL on a non-CDN (loopback) host',
  threshold: '0 requests to it',
  async run(ctx) {
    const { standin, env } = await discordStandIn(ctx);
    const foreign = await fileServer(ctx, (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(DISTINCTIVE_CONFIG));
    const bot = await ctx.bot(env);
    await standin.waitForReadySocket();
    mentionWithAttachment(standin, `${foreign.url}/attachments/1/2/config.json`, DISTINCTIVE_CONFIG.length);
    const reply = await discordReply(standin, 10_000);
    void bot;
    return { figure: `foreign host: ${foreign.served.requests} request(s); ${reply ? 'answered' : 'no answer in 10 s'}`, held: foreign.served.requests === 0 };
  },
};

const discordDownloadScope: FaultCase = {
  id: 'discord-download-scope',
  round: 2,
  fault: 'a Discord attachment download fails (403)',
  threshold: 'reply does not mention files:read',
  async run(ctx) {
    const { standin, env } = await discordStandIn(ctx);
    // On the stand-in's own origin, so the download is tried and fails (not refused by host).
    const url = standin.hostAttachmentWith('config.json', (_req, res) => res.writeHead(403, { 'content-type': 'text/plain' }).end('forbidden'));
    await ctx.bot(env);
    await standin.waitForReadySocket();
    mentionWithAttachment(standin, url, 900);
    const reply = await discordReply(standin, 10_000);
    if (reply === null) return { figure: 'no reply in 10 s', held: false };
    const mentions = reply.includes('files:read');
    return { figure: mentions ? 'reply mentions files:read' : 'reply does not mention files:read', held: !mentions };
  },
};

export const DOWNLOAD_CASES: FaultCase[] = [hubEndlessCli, hubEndlessBot, fileSizeLieSlack, fileSizeLieDiscord, fileForeignSlack, fileForeignDiscord, discordDownloadScope];
