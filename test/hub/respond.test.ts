import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import { resolvedModel } from '../../src/hub/model.js';
import { hubIdsIn, pastedConfig, prepareRequest, type HubResolver } from '../../src/hub/prefetch.js';
import { repoKey, type HubContext, type ResolvedModel } from '../../src/hub/types.js';
import { tokenize } from '../../src/language/lexer.js';
import { parseRequest } from '../../src/language/parse.js';
import { countParams } from '../../src/memory/parameters.js';
import { ALL_FIXTURES } from './fixtures/repos.js';

function model(repo: string): ResolvedModel {
  const f = ALL_FIXTURES.find((x) => x.repo === repo)!;
  const read = resolvedModel(f.repo, f.config, f.safetensors ? { total: f.safetensors.total, perDtype: f.safetensors.parameters } : null);
  if (!read.ok) throw new Error(read.message);
  return read.model;
}

const context = (...models: ResolvedModel[]): HubContext => ({ models: new Map(models.map((m) => [repoKey(m.repo), m])) });

/** A resolver over the fixtures that counts its calls, and fails like the client for anything else. */
function fixtureHub(): HubResolver & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    resolve: async (repo) => {
      calls.push(repo);
      const f = ALL_FIXTURES.find((x) => x.repo.toLowerCase() === repo.toLowerCase());
      if (!f) throw new Error(`There is no such model on the Hub: "${repo}" (HTTP 404).`);
      return model(f.repo);
    },
  };
}

describe('hub ids in the request language', () => {
  it.each([
    ['meta-llama/Llama-3.1-8B-Instruct lora', 'meta-llama/llama-3.1-8b-instruct'],
    ['https://huggingface.co/Qwen/Qwen2.5-7B-Instruct/tree/main inference', 'qwen/qwen2.5-7b-instruct'],
    ['hf.co/01-ai/Yi-34B', '01-ai/yi-34b'],
    ['unsloth/llama-3-8b-bnb-4bit qlora', 'unsloth/llama-3-8b-bnb-4bit'],
  ])('"%s" has the hub item %s', (text, repo) => {
    const parsed = parseRequest(text);
    expect(parsed.ok && parsed.items.find((i) => i.kind === 'hub')).toMatchObject({ kind: 'hub', repo });
  });

  it.each(['bf16/fp16', '7b/13b', 'lora q/v', 'lora gate/up/down', 'h100/a100'])('"%s" stays request words, not a repo', (text) => {
    expect(tokenize(text).some((t) => t.type === 'hub')).toBe(false);
  });

  it('a repo id that is a catalog alias reads as the catalog model (offline, published values)', () => {
    const parsed = parseRequest('google/gemma-2-9b inference');
    expect(parsed.ok && parsed.items[0]).toMatchObject({ kind: 'model', id: 'gemma-2-9b' });
  });

  it('the adapters find the ids with the case the user wrote', () => {
    expect(hubIdsIn('compare Qwen/Qwen2.5-7B-Instruct vs https://huggingface.co/meta-llama/Llama-3.1-8B-Instruct on H100')).toEqual([
      'Qwen/Qwen2.5-7B-Instruct',
      'meta-llama/Llama-3.1-8B-Instruct',
    ]);
  });
});

describe('the adapters fetch the ids respond() reads', () => {
  it('a Slack-formatted link <url> names its repo, and the item keeps the link as written', () => {
    const text = '<https://huggingface.co/Qwen/Qwen2.5-7B-Instruct> inference';
    expect(hubIdsIn(text)).toEqual(['Qwen/Qwen2.5-7B-Instruct']);
    const parsed = parseRequest(text);
    expect(parsed.ok && parsed.items[0]).toMatchObject({ kind: 'hub', text: 'https://huggingface.co/Qwen/Qwen2.5-7B-Instruct' });
  });

  it.each(['llama3/8B_lora_single_device on h100', 'google/gemma-2-9b inference'])(
    '"%s" names no Hub id to fetch (a torchtune config, a catalog alias)',
    (text) => {
      expect(hubIdsIn(text)).toEqual([]);
    },
  );
});

describe('respond() with fetched Hub models', () => {
  it('estimates a Hub model with its Hub parameter count, and says which count it used', () => {
    const qwen = model('Qwen/Qwen2.5-7B-Instruct');
    const { reply, state } = respond('Qwen/Qwen2.5-7B-Instruct inference on 4090', null, context(qwen));
    expect(reply.kind).toBe('estimate');
    if (reply.kind !== 'estimate') return;
    expect(reply.scenario.model.name).toBe('Qwen2.5-7B-Instruct');
    expect(countParams(reply.scenario.model.arch).total).toBe(7_615_616_512);
    expect(reply.assumptions.join('\n')).toMatch(/7\.616 B parameters from the Hub's safetensors count/);
    // A follow-up needs no context: the thread keeps the architecture.
    const next = respond('seq 8192', state, {});
    expect(next.reply.kind === 'estimate' && next.reply.scenario.model.name).toBe('Qwen2.5-7B-Instruct');
  });

  it('a hub id that was not fetched and names no size is an error that says so, never a guess', () => {
    const { reply } = respond('someorg/some-model lora', null, {});
    expect(reply.kind).toBe('error');
    expect(reply.kind === 'error' && reply.message).toMatch(/not fetched "someorg\/some-model" from the Hugging Face Hub/);
  });

  // Issue 11: an unknown name that holds a size is read as a model of that size, stated.
  it('a hub id that was not fetched but holds a size reads as a model of that size, and says so', () => {
    const { reply } = respond('someorg/some-model-7b lora', null, {});
    expect(reply.kind === 'estimate' && reply.scenario.model.requestedParams).toBe(7e9);
    expect(reply.kind === 'estimate' && reply.assumptions.join('\n')).toMatch(/the Hub was not asked here: read by its name as a 7B model/);
  });

  it('a repo named after a catalog model reads offline as that model when nobody asked the Hub, and says so', () => {
    const { reply } = respond('meta-llama/Llama-3.1-8B-Instruct lora', null, {});
    expect(reply.kind === 'estimate' && reply.scenario.model.id).toBe('llama-3.1-8b');
    expect(reply.kind === 'estimate' && reply.assumptions.join('\n')).toMatch(/read as the catalog's .* the Hub was not asked/);
    const awq = respond('https://huggingface.co/TheBloke/deepseek-coder-33B-instruct-AWQ inference', null, {});
    expect(awq.reply.kind === 'estimate' && [awq.reply.scenario.model.id, awq.reply.scenario.weights]).toEqual(['deepseek-coder-33b', 'awq']);
  });

  it('a repo named after a catalog model that the Hub refused is the Hub error, not the catalog model', () => {
    const failures = new Map([['meta-llama/llama-3.1-8b-instruct', 'meta-llama/Llama-3.1-8B-Instruct is gated: set HF_TOKEN.']]);
    const { reply } = respond('meta-llama/Llama-3.1-8B-Instruct lora', null, { failures });
    expect(reply.kind === 'error' && reply.message).toMatch(/HF_TOKEN/);
  });

  it('prose that names a catalog model and then its Hub repo reads as the repo, not as a contradiction', () => {
    const parsed = parseRequest('Qwen2.5-7B OOM on my 4090 when I fine tune it with lora, I use Qwen/Qwen2.5-7B-Instruct');
    expect(parsed.ok && parsed.items.filter((i) => ['model', 'size', 'hub'].includes(i.kind)).map((i) => i.kind)).toEqual(['hub']);
  });

  it('a path to a config.json file is not a pasted config', () => {
    const parsed = parseRequest('lora on h100 with ./models/config.json');
    expect(parsed.ok && parsed.items.some((i) => i.kind === 'hub')).toBe(false);
  });

  it("a fetch failure is the reply's error, pointing at the id", () => {
    const failures = new Map([['nobody/no-such-model', 'There is no such model on the Hub: "nobody/no-such-model" (HTTP 404).']]);
    const { reply } = respond('lora nobody/no-such-model', null, { failures });
    expect(reply.kind === 'error' && reply.message).toMatch(/no such model on the Hub/);
    expect(reply.kind === 'error' && reply.at).toBe(5);
  });

  it("an AWQ repo is served in AWQ unless the request names a format", () => {
    const awq = model('Qwen/Qwen2.5-7B-Instruct-AWQ');
    const served = respond('Qwen/Qwen2.5-7B-Instruct-AWQ inference', null, context(awq));
    expect(served.reply.kind === 'estimate' && served.reply.scenario.weights).toBe('awq');
    const full = respond('Qwen/Qwen2.5-7B-Instruct-AWQ full', null, context(awq));
    expect(full.reply.kind === 'estimate' && full.reply.scenario.weights).not.toBe('awq');
  });
});

describe('pasted config.json', () => {
  const config = JSON.stringify(ALL_FIXTURES.find((f) => f.repo === 'Qwen/Qwen3-8B')!.config, null, 2);

  it('a ``` block with a config.json becomes the word "config.json"', () => {
    expect(pastedConfig(`will this fit on a 4090\n\`\`\`json\n${config}\n\`\`\`\ninference`)).toEqual({ text: 'will this fit on a 4090 config.json inference', json: `${config}\n` });
    expect(pastedConfig('```\n{"a": 1}\n```')).toBeNull();
  });

  it('is read by the same reader and estimated without the Hub', async () => {
    const hub = fixtureHub();
    const prepared = await prepareRequest(`\`\`\`\n${config}\n\`\`\` lora on 4090`, hub);
    expect(hub.calls).toEqual([]);
    const { reply } = respond(prepared.text, null, prepared.context);
    expect(reply.kind).toBe('estimate');
    expect(reply.kind === 'estimate' && reply.assumptions.join('\n')).toMatch(/qwen3 architecture from the config\.json in the message/);
  });

  it('an attached config.json stands for the model when the text does not name one', async () => {
    const prepared = await prepareRequest('inference on h100', null, [config]);
    expect(prepared.text).toBe('config.json inference on h100');
    expect(respond(prepared.text, null, prepared.context).reply.kind).toBe('estimate');
  });

  it('a broken pasted config is an error about the paste', async () => {
    const prepared = await prepareRequest('```\n{"model_type": "llama", "hidden_size": }\n``` lora', null);
    const { reply } = respond(prepared.text, null, prepared.context);
    expect(reply.kind === 'error' && reply.message).toMatch(/config\.json in this message is not valid JSON/);
  });

  it('"config.json" with nothing pasted says what to paste', () => {
    const { reply } = respond('config.json lora', null, {});
    expect(reply.kind === 'error' && reply.message).toMatch(/found none. Paste the config\.json in a ``` block/);
  });
});

describe('prepareRequest', () => {
  it('fetches each id once and records failures by repo', async () => {
    const hub = fixtureHub();
    const prepared = await prepareRequest('Qwen/Qwen2.5-7B-Instruct vs nobody/no-such-model', hub);
    expect(hub.calls.sort()).toEqual(['Qwen/Qwen2.5-7B-Instruct', 'nobody/no-such-model']);
    expect([...prepared.context.models!.keys()]).toEqual(['qwen/qwen2.5-7b-instruct']);
    expect(prepared.context.failures!.get('nobody/no-such-model')).toMatch(/HTTP 404/);
  });

  it('with the Hub unreachable, a repo named after a catalog model reads as it, stated; a 404 stays an error', async () => {
    const down: HubResolver = {
      resolve: async (repo) => {
        throw Object.assign(new Error(`I can't reach the Hugging Face Hub and have no saved copy of "${repo}".`), { kind: 'unreachable' });
      },
    };
    const prepared = await prepareRequest('Qwen/Qwen2.5-14B-Instruct-AWQ on a 4090', down);
    expect([...prepared.context.unreachable!]).toEqual(['qwen/qwen2.5-14b-instruct-awq']);
    const { reply } = respond(prepared.text, null, prepared.context);
    expect(reply.kind === 'estimate' && [reply.scenario.model.id, reply.scenario.weights]).toEqual(['qwen2.5-14b', 'awq']);
    expect(reply.kind === 'estimate' && reply.assumptions.join('\n')).toMatch(/read as the catalog's Qwen2\.5-14B .*the Hub could not be reached/);
    // A repo whose name reads as nothing keeps the Hub's error.
    const nameless = await prepareRequest('someorg/some-model on a 4090', down);
    const error = respond(nameless.text, null, nameless.context).reply;
    expect(error.kind === 'error' && error.message).toMatch(/can't reach the Hugging Face Hub/);
    // A 404 is an answer: the repo does not exist, whatever its name says.
    const missing = await prepareRequest('nobody/qwen2.5-7b-gone on a 4090', fixtureHub());
    expect(respond(missing.text, null, missing.context).reply.kind).toBe('error');
  });

  it('with Hub look-ups off, an id is a failure that says so', async () => {
    const prepared = await prepareRequest('Qwen/Qwen2.5-7B-Instruct', null);
    expect(prepared.context.failures!.get('qwen/qwen2.5-7b-instruct')).toMatch(/not looked up here/);
  });
});
