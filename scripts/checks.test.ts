import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const scripts = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts as Record<string, string>;
const checks = JSON.parse(
  execFileSync(process.execPath, [path.join(root, 'scripts/checks.mjs'), '--list'], { encoding: 'utf8' }),
) as { name: string; command: string[] }[];
const commands = checks.map((c) => c.command.join(' '));

describe('npm run check', () => {
  it('type checks every project that `npm run typecheck` checks', () => {
    const projects = [...(scripts.typecheck ?? '').matchAll(/tsgo -p (\S+)/g)].map((m) => m[1]);
    expect(projects.length).toBeGreaterThan(0);
    for (const project of projects) expect(commands).toContain(`npx tsgo -p ${project}`);
  });

  it('runs the lint, the dependency rules, the texts of both languages and the first page’s budget', () => {
    expect(scripts.lint).toBe('biome check .');
    expect(commands).toContain('npx biome check .');
    for (const script of ['check:deps', 'check:i18n', 'check:bundle']) {
      expect(commands).toContain(`npm run ${script} --silent`);
    }
  });

  it('names each check once', () => {
    expect(new Set(checks.map((c) => c.name)).size).toBe(checks.length);
  });
});
