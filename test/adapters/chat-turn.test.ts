import { describe, expect, it } from 'vitest';
import { chatTurn } from '../../src/adapters/compute/chat-turn.js';
import { withScenarioMarker } from '../../src/adapters/discord/scenario-marker.js';
import { withScenario } from '../../src/adapters/slack/scenario-metadata.js';
import { respond } from '../../src/core/assistant.js';
import { freshAnswer } from '../corpus/fresh.js';
import { renderDiscord } from '../../src/render/discord.js';
import { renderSlack } from '../../src/render/slack.js';
import { corpusLines } from '../../bench/load/corpus-texts.js';

/** The respond pool's workers send chatTurn(turn): what Slack and Discord show must not change. */
describe('a chat turn (what the respond pool sends back)', () => {
  // Each line answered once per worker (accounting and fact-trace answer the same lines), frozen:
  // a chat turn that changed its answer in place would throw.
  const turns = corpusLines().map((text) => ({ text, turn: freshAnswer(text) }));

  it('renders on Slack and Discord exactly as the whole turn, scenario codes included, on every fourth corpus line', () => {
    // Every fourth: Discord works out each answer's short request (~4 ms), twice per line.
    for (const { text, turn } of turns.filter((_, i) => i % 4 === 0)) {
      const chat = chatTurn(turn);
      expect(withScenario(renderSlack(chat.reply), chat.reply), text).toEqual(withScenario(renderSlack(turn.reply), turn.reply));
      expect(withScenarioMarker(renderDiscord(chat.reply), chat.reply), text).toEqual(withScenarioMarker(renderDiscord(turn.reply), turn.reply));
      expect(chat.state, text).toBe(turn.state);
    }
  }, 60_000);

  it('leaves out the fact trace and the unused words, which only the console and JSON output show, and changes nothing in place', () => {
    const withTrace = turns.filter(({ turn }) => turn.reply.kind === 'estimate' && turn.reply.trace !== undefined);
    expect(withTrace.length).toBeGreaterThan(100);
    let whole = 0;
    let sent = 0;
    for (const { turn } of withTrace) {
      const chat = chatTurn(turn);
      expect(chat.reply).not.toHaveProperty('trace');
      expect(chat.reply).not.toHaveProperty('notUsed');
      expect(turn.reply).toHaveProperty('trace');
      whole += JSON.stringify(turn).length;
      sent += JSON.stringify(chat).length;
    }
    // The trace alone is over a tenth of an estimate's turn on the corpus (~1.3 of ~10 KB).
    expect(sent).toBeLessThan(whole * 0.9);
  });

  it('gives other replies back as they are', () => {
    const help = respond('help', null);
    expect(chatTurn(help)).toBe(help);
  });
});
