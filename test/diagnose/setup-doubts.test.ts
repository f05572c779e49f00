import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import { diagnosisEmbed } from '../../src/render/discord/diagnosis.js';
import { renderJson } from '../../src/render/json.js';
import { diagnosisBlocks } from '../../src/render/slack/diagnosis.js';
import { renderText } from '../../src/render/text.js';
import type { DiagnosisReply, Reply } from '../../src/reply/types.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { corpusText } from '../corpus/corpus.js';

/**
 * Issue 22, item 5: a log pasted with a setup is answered about that setup, and the setup's weak
 * facts and questions — the notices its estimate's first screen says, from the same reading — are
 * said under "Your setup" on every surface, so a diagnosis never rests on a silent guess.
 */
const OOM = "torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 448.00 MiB (GPU 0; 23.65 GiB total capacity; 19.91 GiB already allocated; 265.81 MiB free; 19.91 GiB reserved in total by PyTorch)";
const SIZE_QUESTION = 'llama2 — which size: 7b, 13b or 70b? read as 7b';

function diagnosisOf(reply: Reply): DiagnosisReply {
  if (reply.kind !== 'diagnosis') throw new Error(`expected a diagnosis, got ${reply.kind}`);
  return reply;
}

/** Text as a surface escapes it: the quotes JSON escapes, the wrapping the terminal adds. */
const loose = (s: string) => s.replace(/\\"/g, '"').replace(/\s+/g, ' ');

/** What each surface says of the setup: the terminal from "Your setup" to the log's evidence, Slack's blocks, Discord's field, --json's setup. */
function setupScreens(reply: DiagnosisReply): Record<'terminal' | 'slack' | 'discord' | 'json', string> {
  const text = renderText(reply);
  const terminal = text.slice(text.indexOf('Your setup:'), text.indexOf('What the log says:'));
  const discord = diagnosisEmbed(reply).fields?.find((f) => f.name === 'Your setup')?.value ?? '';
  const json = (renderJson(reply) as { setup?: unknown }).setup;
  return { terminal, slack: JSON.stringify(diagnosisBlocks(reply)), discord, json: JSON.stringify(json ?? null) };
}

describe("a diagnosis says its stated setup's doubts", () => {
  const c685 = corpusText('c685');
  const invented = `fine-tuning llama2 with lora on a 3090\n${OOM}`;
  // c685's own log names the size its loader loads ("INFO:Loading llama-70B-bin...", read since branch rlog):
  // cut before its "### Logs", the family alone asks its size.
  const c685NoLog = c685.replace(/### Logs[\s\S]*$/, '');

  for (const [name, text] of [['c685 cut before its log (llama2 with an OOM message, oobabooga/text-generation-webui)', c685NoLog], ['a log under "fine-tuning llama2 with lora on a 3090"', invented]] as const) {
    it(`${name}: the setup carries the notices the same setup's estimate says, the family's size question first`, () => {
      const reply = diagnosisOf(respond(text, null).reply);
      const read = resolveRequest(text, null);
      if (!read.ok) throw new Error('the setup did not read');
      expect(reply.setup?.notices).toEqual(read.notices);
      expect(reply.setup?.notices[0]).toBe(SIZE_QUESTION);
    });

    it(`${name}: the size question is said under "Your setup" on the terminal, Slack, Discord and --json`, () => {
      const reply = diagnosisOf(respond(text, null).reply);
      for (const [surface, screen] of Object.entries(setupScreens(reply))) expect(loose(screen), surface).toContain(SIZE_QUESTION);
    });
  }

  it('c685 says its GPU count read from the OOM message as a doubt too', () => {
    const reply = diagnosisOf(respond(c685, null).reply);
    for (const [surface, screen] of Object.entries(setupScreens(reply))) expect(loose(screen), surface).toContain('2× 24 GiB GPU — from "23.65"?');
  });

  it('a setup sent after the log that asked for it says its doubts as well', () => {
    const first = respond(OOM, null);
    const reply = diagnosisOf(respond('fine-tuning llama2 with lora on a 3090', first.state).reply);
    expect(reply.setup?.notices).toContain(SIZE_QUESTION);
    expect(loose(setupScreens(reply).terminal)).toContain(SIZE_QUESTION);
  });

  it("a family named with its size asks no size; named without one it always does (the setup's own reading decides)", () => {
    fc.assert(
      fc.property(fc.constantFrom('7b', '13b', '70b', null), fc.constantFrom('on a 3090', 'on a 4090', 'on an a100 80gb'), (size, card) => {
        const text = `fine-tuning llama2${size ? ` ${size}` : ''} with lora ${card}\n${OOM}`;
        const screens = setupScreens(diagnosisOf(respond(text, null).reply));
        for (const [surface, screen] of Object.entries(screens)) expect(loose(screen).includes('which size'), `${surface}: ${text}`).toBe(size === null);
      }),
      { numRuns: 12 },
    );
  });

  it("the thread's own setup, whose estimate said its doubts, is not questioned again", () => {
    const estimate = respond('fine-tuning llama2 with lora on a 3090', null);
    const reply = diagnosisOf(respond(OOM, estimate.state).reply);
    expect(reply.setup?.notices).toEqual([]);
    expect(loose(setupScreens(reply).terminal)).not.toContain('which size');
  });
});
