import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import runtime from '../apps/server/runtime.json' with { type: 'json' };

const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

// The server's memory figures are measured with runtime.json's settings: every way of running the
// compiled server uses them.
describe('the compiled server runs with the same settings everywhere', () => {
  it('npm run serve starts it through the launcher that applies them', () => {
    const pkg = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
    expect(pkg.scripts.serve).toBe('node scripts/serve.mjs');
    expect(pkg.scripts.start).toContain('npm run serve');
  });

  it('the container image sets the same allocator settings and Node options', () => {
    const dockerfile = read('Dockerfile');
    for (const [name, value] of Object.entries(runtime.env)) expect(dockerfile).toContain(`${name}=${value}`);
    const cmd = /^CMD (\[.*\])$/m.exec(dockerfile)?.[1];
    expect(JSON.parse(cmd ?? '[]')).toEqual(['node', ...runtime.nodeOptions, runtime.entry]);
  });

  it('the benchmarks and the scale test start it with them', () => {
    for (const file of ['apps/server/bench/compiled-server.ts', 'apps/server/scale/infra.ts']) {
      const source = read(file);
      expect(source).toContain('runtime.nodeOptions');
      expect(source).toContain('runtime.env');
    }
  });
});
