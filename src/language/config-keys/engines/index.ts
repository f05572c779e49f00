import { keyOf, optionHandler, type ProgramOption } from '../program-option.js';
import type { Engine } from './types.js';
import { SHORT_FLAGS } from '../patterns.js';
import type { Handler } from '../values.js';
import { KOBOLDCPP } from './koboldcpp.js';
import { KTRANSFORMERS } from './ktransformers.js';
import { LLAMA_CPP } from './llamacpp.js';
import { LLAMA_CPP_BINDINGS } from './llamacpp-bindings.js';
import { LMDEPLOY } from './lmdeploy.js';
import { MII } from './mii.js';
import { MISTRAL_RS } from './mistralrs.js';
import { MLC_LLM } from './mlc.js';
import { OLLAMA } from './ollama.js';
import { SGLANG } from './sglang.js';
import { TABBY } from './tabby.js';
import { TENSORRT_LLM } from './tensorrt-llm.js';
import { TGI } from './tgi.js';
import { VLLM } from './vllm.js';

/**
 * The serving engines whose option lists are read from their source, in the order a message's
 * naming is tried. A key is read in the namespace of the engine the message names (issue 22):
 * where two engines spell an option alike with different meanings (SGLang's --max-total-tokens
 * is its KV pool, TGI's a request's cap), the named engine's meaning wins.
 */
export const ENGINES: readonly Engine[] = [VLLM, SGLANG, LMDEPLOY, TGI, LLAMA_CPP, KOBOLDCPP, OLLAMA, TABBY, KTRANSFORMERS, MLC_LLM, MISTRAL_RS, MII, LLAMA_CPP_BINDINGS, TENSORRT_LLM];

/** A long spelling (`--max-model-len`, `MAX_BATCH_SIZE`, `num_ctx`) is a key; `-c` is a short flag (patterns.ts). */
export const isShortFlag = (spelling: string) => /^-[a-z]/i.test(spelling) && !spelling.startsWith('--');

/** The key a spelling stands for: a short flag's is the one patterns.ts names it by (`-b` → batch_size_llamacpp). */
const keyOfSpelling = (spelling: string): string | undefined => (isShortFlag(spelling) ? SHORT_FLAGS[spelling.slice(1)] : keyOf(spelling));

/** Each engine's options by key, built on the first look-up of that engine (its option list with it: program-option.ts optionsOnce). */
const BY_KEY = new Map<Engine, Map<string, ProgramOption>>();

function optionsByKey(engine: Engine): Map<string, ProgramOption> {
  let table = BY_KEY.get(engine);
  if (!table) {
    // Only the engines read from their source (ENGINES) are looked up, as when the tables were built at load.
    if (!ENGINES.includes(engine)) return new Map();
    table = new Map(engine.options.flatMap((o) => o.spellings.map(keyOfSpelling).filter((k): k is string => k !== undefined).map((k) => [k, o] as const)));
    BY_KEY.set(engine, table);
  }
  return table;
}

/** The option of an engine a key names, if the engine has one. */
export const optionOf = (engine: Engine, key: string): ProgramOption | undefined => optionsByKey(engine).get(key);

/** The engines a text names, the first named first ("vllm or sglang": vLLM's meaning first). */
export function enginesNamed(text: string): Engine[] {
  const at = (e: Engine) => text.search(e.named);
  return ENGINES.filter((e) => at(e) >= 0).sort((a, b) => at(a) - at(b));
}

/**
 * How an engine reads a key, or undefined when the engine has no such option. `sharedTables` is
 * how the key tables read a key (table.ts): an option read as they read it takes their handler.
 */
export function engineHandler(engine: Engine, key: string, sharedTables: (key: string) => Handler | undefined): Handler | undefined {
  const option = optionOf(engine, key);
  return option ? optionHandler(engine, option, sharedTables) : undefined;
}

/**
 * The first engine, in ENGINES' order, that has the key: for a key no table knows and no named
 * engine has. Only a key of two words or more: one word (`mode`, `env`, `loras`, `vision`) says
 * too little to stand for an engine's option when the message names none, unless the engine lists
 * it as its own word (KoboldCpp's `--gpulayers 20` pasted without the program's name,
 * LostRuins/koboldcpp#255, corpus c1228, was set aside as an unknown key).
 */
export const anyEngineWith = (key: string): Engine | undefined =>
  key.includes('_') ? ENGINES.find((e) => optionOf(e, key) !== undefined) : ENGINES.find((e) => e.ownWords?.includes(key) && optionOf(e, key) !== undefined);
