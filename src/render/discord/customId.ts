import { createHash } from 'node:crypto';
import { deflateRawSync, inflateRawSync } from 'node:zlib';

/**
 * Button custom ids carry the canonical request text, so a button still works after a restart
 * or on another bot process (DESIGN §5: "the canonical reading embedded in … Discord custom
 * ids is the recovery path"). Discord caps custom_id at 100 characters.
 *
 *   hr1:<action>:<encoding><payload>
 *   action   l0…l4 apply lever i · m details (was "show math") · c chart · s sweep · t OOM tips · e the estimate (under a NaN triage) · h the rest of a help (the payload is the words that asked, as text)
 *   encoding t canonical text as is · z deflate-raw + base64url · h hash, scenario kept in the store
 *
 * An `h` hash names what the answer stands for, not its text: two answers whose canonical text is
 * the same (two pasted configs read as "config.json lora …") are different scenarios and get
 * different hashes, so neither's store entry replaces the other's. Ids minted before hashed the
 * canonical text; they read the same way (the store key is the hash, whatever was hashed).
 */

export const CUSTOM_ID_MAX = 100;
const VERSION = 'hr1';

export type ButtonAction = { kind: 'lever'; index: number } | { kind: 'math' } | { kind: 'chart' } | { kind: 'sweep' } | { kind: 'tips' } | { kind: 'estimate' } | { kind: 'more' };

/** Where the scenario behind a button lives: in the id itself, or in the store under a hash. */
export type ScenarioRef = { kind: 'text'; canonical: string } | { kind: 'hash'; hash: string };

export interface DecodedCustomId {
  action: ButtonAction;
  ref: ScenarioRef;
}

/**
 * Preset deflate dictionary of words that canonical requests are made of (DESIGN §2 items).
 * Short texts barely compress on their own; with this dictionary a typical 120-character
 * canonical request fits in a custom id. Part of the `hr1` format: never edit it, add `hr2`.
 */
const DICTIONARY = Buffer.from(
  [
    'llama-2-7b llama-2-13b llama-2-70b llama-3-8b llama-3.1-8b llama-3.1-70b mistral-7b mixtral-8x7b qwen2.5-14b gemma-2-9b phi-3-mini',
    'full lora qlora infer serve pretrain rank r16 r64 all-linear q,v bf16 fp16 fp32 fp8 amp mixed pure megatron nf4 nf4-dq int8 int4 gptq awq',
    'adamw adam adamw-8bit paged-adamw sgd momentum adafactor lion sophia ddp zero0 zero1 zero2 zero3 fsdp shard_grad_op hsdp',
    'offload optimizer params cpu nvme tp pp sp cp ep dp seq mbs ga gbs gc selective recompute full flash sdpa eager chunked ce',
    'hf deepspeed torchtune litgpt layers hidden heads kv ffn vocab vllm new tokens',
    ' on 1x 2x 4x 8x a100-40g a100-80g h100-80g h200 l40s a10g l4 rtx-4090 rtx-3090 t4 v100 gb max batch max seq how many which gpu compare vs',
  ].join(' '),
  'utf8',
);

const HASH_LENGTH = 22; // 132 bits of SHA-256 in base64url: collisions are not a practical concern.

export function canonicalHash(canonical: string): string {
  return createHash('sha256').update(canonical).digest('base64url').slice(0, HASH_LENGTH);
}

/** Store key of a scenario referenced by hash (the fallback when the text cannot fit). */
export function hashStoreKey(hash: string): string {
  return `discord:ref:${hash}`;
}

function actionCode(action: ButtonAction): string {
  switch (action.kind) {
    case 'lever':
      return `l${action.index}`;
    case 'math':
      return 'm';
    case 'chart':
      return 'c';
    case 'sweep':
      return 's';
    case 'tips':
      return 't';
    case 'estimate':
      return 'e';
    case 'more':
      return 'h';
  }
}

function parseAction(code: string): ButtonAction | null {
  if (code === 'm') return { kind: 'math' };
  if (code === 'c') return { kind: 'chart' };
  if (code === 's') return { kind: 'sweep' };
  if (code === 't') return { kind: 'tips' };
  if (code === 'e') return { kind: 'estimate' };
  if (code === 'h') return { kind: 'more' };
  const lever = /^l(\d)$/.exec(code);
  return lever ? { kind: 'lever', index: Number(lever[1]) } : null;
}

/** The longest action code ("l4") fixes the room left for the payload, so every button of a reply agrees. */
const PAYLOAD_ROOM = CUSTOM_ID_MAX - `${VERSION}:l0:t`.length;

/**
 * Picks the most direct encoding of the canonical text that fits every button's id. `identity`:
 * what the answer stands for in full (its scenario as JSON), hashed when the text cannot fit.
 */
export function scenarioPayload(canonical: string, identity: string = canonical): { payload: string; ref: ScenarioRef } {
  if (canonical.length <= PAYLOAD_ROOM) return { payload: `t${canonical}`, ref: { kind: 'text', canonical } };
  const zipped = deflateRawSync(Buffer.from(canonical, 'utf8'), { level: 9, dictionary: DICTIONARY }).toString('base64url');
  if (zipped.length <= PAYLOAD_ROOM) return { payload: `z${zipped}`, ref: { kind: 'text', canonical } };
  const hash = canonicalHash(identity);
  return { payload: `h${hash}`, ref: { kind: 'hash', hash } };
}

export function encodeCustomId(action: ButtonAction, payload: string): string {
  return `${VERSION}:${actionCode(action)}:${payload}`;
}

export function decodeCustomId(customId: string): DecodedCustomId | null {
  const first = customId.indexOf(':');
  const second = customId.indexOf(':', first + 1);
  if (first < 0 || second < 0 || customId.slice(0, first) !== VERSION) return null;
  const action = parseAction(customId.slice(first + 1, second));
  const body = customId.slice(second + 1);
  if (!action || body.length < 1) return null;
  const encoding = body[0];
  const data = body.slice(1);
  if (encoding === 't') return { action, ref: { kind: 'text', canonical: data } };
  if (encoding === 'h') return { action, ref: { kind: 'hash', hash: data } };
  if (encoding === 'z') {
    try {
      return { action, ref: { kind: 'text', canonical: inflateRawSync(Buffer.from(data, 'base64url'), { dictionary: DICTIONARY }).toString('utf8') } };
    } catch {
      return null;
    }
  }
  return null;
}

/** True for ids this bot minted (used to find its own messages when recovering a thread). */
export function isHeadroomCustomId(customId: string): boolean {
  return customId.startsWith(`${VERSION}:`);
}
