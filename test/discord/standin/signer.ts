import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';

/**
 * Signs interactions the way Discord does for an Interactions Endpoint URL: Ed25519 over
 * `timestamp + raw body`, hex in X-Signature-Ed25519, unix seconds in X-Signature-Timestamp.
 * Each signer is a fresh application key pair; `publicKeyHex` is what the Developer Portal shows.
 */
export class InteractionSigner {
  readonly publicKeyHex: string;
  private readonly privateKey: KeyObject;

  constructor() {
    const { publicKey, privateKey } = generateKeyPairSync('ed25519');
    this.privateKey = privateKey;
    // SPKI DER of an Ed25519 key is a 12-byte header followed by the raw 32-byte key.
    this.publicKeyHex = publicKey.export({ format: 'der', type: 'spki' }).subarray(12).toString('hex');
  }

  sign(timestamp: string, body: Buffer): string {
    return sign(null, Buffer.concat([Buffer.from(timestamp, 'utf8'), body]), this.privateKey).toString('hex');
  }
}

export function nowSeconds(offsetSeconds = 0): string {
  return String(Math.floor(Date.now() / 1000) + offsetSeconds);
}

export interface PostOptions {
  /** Unix seconds; now by default. */
  timestamp?: string;
  /** Sign with this instead (another application's key). */
  signer?: InteractionSigner;
  /** Changes the bytes after signing (a tampered request). */
  tamper?: (body: Buffer) => Buffer;
  /** Overrides or removes (undefined) headers. */
  headers?: Record<string, string | undefined>;
  /** A raw body instead of JSON.stringify(payload). */
  raw?: Buffer;
}

export interface PostResult {
  status: number;
  json: any;
}

/** POSTs `payload` to the endpoint as Discord would, signed by `signer` unless told otherwise. */
export async function postInteraction(url: string, payload: unknown, signer: InteractionSigner, options: PostOptions = {}): Promise<PostResult> {
  const body = options.raw ?? Buffer.from(JSON.stringify(payload), 'utf8');
  const timestamp = options.timestamp ?? nowSeconds();
  const signature = (options.signer ?? signer).sign(timestamp, body);
  const sent = options.tamper ? options.tamper(body) : body;
  const headers: Record<string, string> = { 'content-type': 'application/json', 'x-signature-ed25519': signature, 'x-signature-timestamp': timestamp };
  for (const [name, value] of Object.entries(options.headers ?? {})) {
    if (value === undefined) delete headers[name];
    else headers[name] = value;
  }
  const res = await fetch(url, { method: 'POST', headers, body: new Uint8Array(sent) });
  const text = await res.text();
  let json: any = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
  return { status: res.status, json };
}
