import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import { tokenize } from '../../src/language/lexer.js';
import { normalise } from '../../src/language/normalise.js';
import type { EstimateReply } from '../../src/reply/types.js';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * Messages in French, Spanish, Portuguese, German and Italian (branch rlat): accented letters are
 * letters (letters.ts), the languages' function words are filler (latin-filler.ts), and their setup
 * words read as the English ones (prose/rules/latin-words.ts); "Go" is GB (normalise.ts).
 */

const STRANGER =
  'fine-tuning QLoRA de Qwen2.5-32B sur une seule RTX 4090 avec un contexte de 4096 tokens et un batch de 1. Est-ce que ça rentre ? La mémoire est-elle suffisante ?';

const reply = (text: string) => respond(text, null).reply as EstimateReply;
const notUsed = (r: EstimateReply) => (r.notUsed ?? []).map((u) => u.words);
const facts = (r: EstimateReply) => (r.trace ?? []).filter((f) => f.at !== null).map((f) => f.fact);
const line = (id: string) => loadCorpus().find((l) => l.id === id)!;

describe("the stranger's French QLoRA question", () => {
  it('reads model, method, card, seq and batch, takes no loss from "Est-ce" and lists nothing', () => {
    const r = reply(STRANGER);
    expect(r.kind).toBe('estimate');
    expect(facts(r)).not.toContain('loss');
    expect(notUsed(r)).toEqual([]);
    const { scenario } = read(STRANGER);
    expect(scenario.seq).toBe(4096);
    expect(scenario.hardware?.gpuId).toBe('rtx-4090');
    expect(scenario.hardware?.count).toBe(1);
  });

  it.each([
    ['French', 'QLoRA de Qwen2.5-32B sur une seule RTX 4090 avec un contexte de 4096 tokens. Est-ce que ça rentre ?'],
    ['Spanish', 'QLoRA de Qwen2.5-32B en una sola RTX 4090 con un contexto de 4096 tokens. ¿Cabe en la memoria?'],
    ['Portuguese', 'QLoRA do Qwen2.5-32B em uma única RTX 4090 com um contexto de 4096 tokens. Cabe na memória?'],
    ['German', 'QLoRA von Qwen2.5-32B auf einer einzigen RTX 4090 mit einem Kontext von 4096 Tokens. Reicht der Speicher?'],
  ])('the same setup in %s reads the same, with nothing listed', (_language, text) => {
    const { scenario } = read(text);
    expect(scenario.seq).toBe(4096);
    expect(scenario.hardware?.gpuId).toBe('rtx-4090');
    expect(scenario.hardware?.count).toBe(1);
    expect(notUsed(reply(text))).toEqual([]);
  });
});

describe('accented words are whole words', () => {
  it('the lexer keeps "mémoire", "ça", "Größe" whole', () => {
    const words = tokenize(normalise('la mémoire ça größe').text).filter((t) => t.type !== 'ws').map((t) => t.text);
    expect(words).toEqual(['la', 'mémoire', 'ça', 'größe']);
  });

  it('a setting word the reader does not know is listed whole, accents kept; a plain word is not', () => {
    const r = reply('llama-3-8b lora sur une 4090, je voudrais éviter la pénurie avec le déchargement des gradientes');
    const listed = notUsed(r);
    expect(listed).toContain('gradientes');
    expect(listed).not.toContain('pénurie');
    expect(listed.some((w) => w.length === 1)).toBe(false);
  });
});

describe('French units and decimal commas', () => {
  it.each([
    ['qwen2.5-7b lora sur 24 Go', 24],
    ['qwen2.5-7b lora sur 16Go de VRAM', 16],
    ['qwen2.5-7b lora sur une carte de 48 Go', 48],
  ])('%s is a card of that many GB', (text, gb) => {
    expect(read(text).scenario.hardware?.capacityBytes).toBe(read(`qwen2.5-7b lora on ${gb}GB`).scenario.hardware?.capacityBytes);
  });

  it('"1,5 Go" is 1.5 GB, the comma a decimal one; normalising twice changes nothing', () => {
    const once = normalise('le modèle prend 1,5 Go et 24 Go');
    expect(once.text).toBe('le modèle prend 1.5 gb et 24 gb');
    expect(normalise(once.text).text).toBe(once.text);
  });

  it('a lower-case "go" after a number stays English', () => {
    expect(normalise('let 2 go').text).toBe('let 2 go');
  });
});

describe('setup words of those languages', () => {
  it.each([
    ['llama-3-8b lora sur deux cartes graphiques RTX 3090', 2],
    ['llama-3-8b lora en dos tarjetas gráficas RTX 3090', 2],
    ['llama-3-8b lora auf zwei Grafikkarten RTX 3090', 2],
    ['llama-3-8b lora em duas placas de vídeo RTX 3090', 2],
    ['llama-3-8b lora su quattro schede video RTX 3090', 4],
  ])('%s counts its cards', (text, n) => {
    const h = read(text).scenario.hardware;
    expect([h?.gpuId, h?.count]).toEqual(['rtx-3090', n]);
  });

  it.each([
    ['entraînement LoRA de llama-3-8b sur une RTX 4090', 'lora'],
    ['inférence de llama-3-8b sur une RTX 4090', 'inference'],
    ['inferencia de llama-3-8b en una RTX 4090', 'inference'],
    ['Feinabstimmung von llama-3-8b mit LoRA auf einer RTX 4090', 'lora'],
  ])('%s: training or serving said in words', (text, mode) => {
    const s = read(text).scenario;
    expect(s.mode).toBe(mode);
  });
});

describe('the real lines (batch rlat)', () => {
  it('c1401: Qwen3-4B on the RTX 3070, its "4,096 GiB" a measurement', () => {
    const s = read(line('c1401').text).scenario;
    expect(s.hardware?.gpuId).toBe('rtx-3070');
    expect(s.model.id).toBe('qwen3-4b');
  });

  it('c1403: "sur 8 Go" is an 8 GB card', () => {
    const s = read(line('c1403').text).scenario;
    expect(s.model.id).toBe('qwen2.5-0.5b');
    expect(s.hardware?.capacityBytes).toBe(read('qwen2.5-0.5b qlora on 8GB').scenario.hardware?.capacityBytes);
  });
});

describe('negation, counts and questions in those languages', () => {
  it.each([
    ['llama-3-8b lora sur une RTX 4090 sans gradient checkpointing', 'recompute'],
    ['llama-3-8b full auf zwei A100 ohne offload', 'offload'],
  ])('%s: the setting is turned off, said', (text, fact) => {
    const r = reply(text);
    expect(facts(r)).toContain(fact);
    expect(notUsed(r)).toEqual([]);
  });

  it('German length and batch words: "Sequenzlänge 4096, Batchgröße 4"', () => {
    const s = read('llama-3-8b full auf zwei A100, Sequenzlänge 4096, Batchgröße 4').scenario;
    expect([s.seq, s.microBatch, s.hardware?.count]).toEqual([4096, 4, 2]);
  });

  it.each([
    '¿Puedo correr llama-3-70b en dos RTX 3090 con un contexto de 8192?',
    'Consigo rodar o llama-3-8b na minha placa de vídeo de 8 Go?',
    'Il modello llama-3-8b entra in una scheda video da 12 GB con contesto 4096?',
    // A stranger's test (2026-12-03): the request verbs "hacer" and "quiero" had been listed as not read.
    'Hola! ¿Se puede hacer fine-tuning de Llama 3.1 8B con QLoRA en una RTX 3060 de 12 GB? Quiero un contexto de 2048 tokens y un batch de 2. Gracias',
    'Je veux faire un fine-tuning QLoRA de llama-3.1-8b sur une RTX 3060 12 Go',
    'Ich möchte llama-3.1-8b mit QLoRA auf einer RTX 3060 12GB machen',
  ])('%s: read, nothing listed, run as inference where a run verb says so', (text) => {
    const r = reply(text);
    expect(r.kind).toBe('estimate');
    expect(notUsed(r)).toEqual([]);
  });
});

