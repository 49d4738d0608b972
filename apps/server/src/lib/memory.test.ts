import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

describe('worker threads’ heaps', () => {
  it('gives a worker the young generation it asks for, leaving the main thread’s as the process flag set it', () => {
    const script = path.join(import.meta.dirname, 'young-generation.test-support.ts');
    const out = execFileSync(process.execPath, ['--max-semi-space-size=16', '--import', 'tsx', script], {
      encoding: 'utf8',
    });
    const { main, before, after } = JSON.parse(out) as { main: number; before: number; after: number };
    // Grown past what the worker asks for: the flag's two halves of up to 16 MB, for the main thread and
    // for a worker started while it holds.
    expect(main).toBeGreaterThan(6);
    expect(before).toBeGreaterThan(6);
    // Asked for 6 MB, the worker's young generation stays far below the flag's once the flag no longer
    // overrides its limits (V8 sizes it from the limit; how far it grows depends on the machine's load).
    expect(after).toBeLessThanOrEqual(before / 2);
  });
});
