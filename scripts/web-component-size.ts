import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { lineCount } from './source-size';

/** A web component file is at most this many lines: its state lives in hooks beside it, so it reads as layout. */
export const COMPONENT_MAX_LINES = 300;

/** The web's components: `.tsx` under `apps/web/src`, without tests. */
export const WEB_SOURCE = 'apps/web/src';

/** Each component file's length in lines, by its path from the repository's root with forward slashes. */
export function componentSizes(root: string): Record<string, number> {
  const sizes: Record<string, number> = {};
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(rel);
      else if (entry.name.endsWith('.tsx') && !entry.name.endsWith('.test.tsx'))
        sizes[rel] = lineCount(readFileSync(path.join(root, rel), 'utf8'));
    }
  };
  walk(WEB_SOURCE);
  return sizes;
}

/**
 * What is wrong with the sizes: a file over the limit that is not allowed, an allowed one grown past its
 * allowance, an allowance whose file is gone.
 */
export function componentSizeProblems(sizes: Record<string, number>, allowed: Record<string, number>): string[] {
  const problems: string[] = [];
  for (const [file, lines] of Object.entries(sizes)) {
    const limit = Math.max(COMPONENT_MAX_LINES, allowed[file] ?? 0);
    if (lines <= limit) continue;
    problems.push(
      file in allowed
        ? `${file}: ${lines} lines, grown past the ${limit} it is allowed`
        : `${file}: ${lines} lines, over the ${COMPONENT_MAX_LINES} of a component; move its state into a hook`,
    );
  }
  for (const file of Object.keys(allowed)) {
    if (!(file in sizes)) problems.push(`${file}: gone; take it off the list`);
  }
  return problems;
}
