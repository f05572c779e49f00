import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { HubModelInfo } from './types.js';

/**
 * What the Hub answered for a repo, kept on disk so an id that worked once keeps working after a
 * restart with the Hub unreachable. The raw config.json is stored, not our reading of it, so a
 * newer reader applies to cached repos too. One JSON file per repo, written atomically.
 */
export interface CachedRepo {
  /** The repo id as the Hub spells it. */
  repo: string;
  config: unknown;
  info: HubModelInfo | null;
  /** Epoch milliseconds of the fetch. */
  fetchedAt: number;
}

export interface RepoCache {
  get(key: string): Promise<CachedRepo | null>;
  set(key: string, entry: CachedRepo): Promise<void>;
}

/** A file name for a lower-case repo key: "meta-llama/llama-3.1-8b" → "meta-llama--llama-3.1-8b.json" (the Hub forbids "--" in names). */
export function cacheFileName(key: string): string {
  return `${key.replace(/\//g, '--').replace(/[^a-z0-9._-]/g, '_')}.json`;
}

export class DiskRepoCache implements RepoCache {
  private readonly memory = new Map<string, CachedRepo>();
  private ready: Promise<unknown> | null = null;

  constructor(private readonly dir: string) {}

  async get(key: string): Promise<CachedRepo | null> {
    const held = this.memory.get(key);
    if (held) return held;
    try {
      const entry = JSON.parse(await readFile(join(this.dir, cacheFileName(key)), 'utf8')) as CachedRepo;
      if (typeof entry?.repo !== 'string' || typeof entry.fetchedAt !== 'number') return null;
      this.memory.set(key, entry);
      return entry;
    } catch {
      return null; // Missing or unreadable: fetch again.
    }
  }

  async set(key: string, entry: CachedRepo): Promise<void> {
    this.memory.set(key, entry);
    this.ready ??= mkdir(this.dir, { recursive: true });
    await this.ready;
    const file = join(this.dir, cacheFileName(key));
    const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(temporary, JSON.stringify(entry));
    await rename(temporary, file);
  }
}

export class MemoryRepoCache implements RepoCache {
  private readonly entries = new Map<string, CachedRepo>();
  async get(key: string): Promise<CachedRepo | null> {
    return this.entries.get(key) ?? null;
  }
  async set(key: string, entry: CachedRepo): Promise<void> {
    this.entries.set(key, entry);
  }
}
