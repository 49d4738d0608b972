import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** An answer as JSON, and compressed once for each encoding asked for. */
type Stored = { json: string; at: number; br?: Buffer; gzip?: Buffer };

export type Encoding = 'br' | 'gzip' | 'identity';

/**
 * The encoding to send an answer in for an `Accept-Encoding` header: Brotli, else gzip, else none. A
 * coding the client gives `q=0` is one it refuses.
 */
export function answerEncoding(header: string | undefined): Encoding {
  const accepted = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q !== undefined && !(Number(q.slice(2)) > 0)) continue;
    accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return 'identity';
}

/**
 * Answers of the place search by their request (keyword, limit, language), kept `ttlMs` and the `max`
 * most recently asked at most: the pickers ask the same prefixes again and again, and an answer is
 * searched, checked against the contract, turned into JSON and compressed once rather than each time.
 * Per process; losing it costs only time.
 */
export class PlaceAnswers {
  private readonly kept = new Map<string, Stored>();

  constructor(
    private readonly max: number,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The JSON answer kept for this key, if fresh. */
  get(key: string): string | undefined {
    const stored = this.kept.get(key);
    if (!stored) return undefined;
    this.kept.delete(key);
    if (this.now() - stored.at > this.ttlMs) return undefined;
    this.kept.set(key, stored);
    return stored.json;
  }

  set(key: string, json: string): void {
    this.kept.delete(key);
    this.kept.set(key, { json, at: this.now() });
    while (this.kept.size > this.max) this.kept.delete(this.kept.keys().next().value as string);
  }

  /** The kept answer of this key in an encoding, compressed at its first asking. */
  encoded(key: string, encoding: Exclude<Encoding, 'identity'>): Buffer | undefined {
    const stored = this.kept.get(key);
    if (!stored) return undefined;
    if (encoding === 'br')
      stored.br ??= brotliCompressSync(stored.json, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
    else stored.gzip ??= gzipSync(stored.json);
    return encoding === 'br' ? stored.br : stored.gzip;
  }
}
