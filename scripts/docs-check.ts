/**
 * The repository stands alone: no file cites a document or a path outside it, and the README stays a
 * page a newcomer reads (docs/adr/0010). `scripts/docs.test.ts` runs these checks over every file.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export const README_MAX_LINES = 250;

/** Files read as text; data, images, fonts and archives are not. */
const TEXT_FILE =
  /\.(ts|tsx|mjs|cjs|js|json|json5|md|css|html|yaml|yml|conf|txt|sh)$|(^|\/)(Dockerfile|\.gitignore|\.dockerignore|run)$/;
/**
 * Generated or vendored files (reference data, the lockfile, third-party licences), and this check and its
 * tests, whose examples are the citations it refuses.
 */
const SKIPPED =
  /^(package-lock\.json|packages\/refdata\/generated\/|data\/raw\/|data\/gtfs\/|scripts\/docs-check\.ts$|scripts\/docs\.test\.ts$)/;
const MAX_BYTES = 1_000_000;

/** A document named the way this repository names its own (`README.md`, `architecture.md`, `0010-….md`). */
const DOCUMENT = /(?<![\w./-])([\w.-]*\/)*([A-Za-z0-9][\w-]*\.md)\b/g;
/** A relative path that climbs (`../notes/GUIDE.md`), as written in code, comments or text. */
const CLIMBING = /(?<![\w./-])((?:\.\.\/)+)([\w@.-]+(?:\/[\w@.-]+)*)/g;
/** Absolute paths of a machine the repository was worked on, never of the deployed site. */
const MACHINE_PATH = /(?<![\w.-])\/(work|home\/[\w.-]+|Users\/[\w.-]+|mnt\/[\w.-]+)\//g;

/** A name that stands for any document of a kind (`NNNN-title.md` in the ADRs' own rule). */
const TEMPLATE = /^N{4}-/;

export type Citation = { file: string; line: number; text: string; why: string };

/** Every file of the repository as git sees it, committed or not yet, ignored ones left out. */
export function repositoryFiles(root: string): string[] {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: root,
    encoding: 'utf8',
  });
  return out.split('\0').filter((f) => f.length > 0);
}

/**
 * What one file cites outside the repository: a path that climbs out of it, a machine's absolute path, or
 * a document (`*.md`) no file of the repository is named, letter for letter. `documents` holds the names
 * of the repository's own documents.
 */
export function outsideCitations(file: string, text: string, documents: ReadonlySet<string>): Citation[] {
  const found: Citation[] = [];
  const dir = path.posix.dirname(file);
  const depth = dir === '.' ? 0 : dir.split('/').length;
  const markdown = file.endsWith('.md');
  let inCode = false;
  text.split('\n').forEach((line, i) => {
    const at = (text: string, why: string) => found.push({ file, line: i + 1, text, why });
    if (markdown && /^\s*```/.test(line)) inCode = !inCode;
    // A relative path in a document's code example is relative to the example's own file.
    if (!(markdown && inCode)) {
      for (const m of line.matchAll(CLIMBING)) {
        if ((m[1] ?? '').length / 3 > depth) at(m[0], 'climbs out of the repository');
      }
    }
    for (const m of line.matchAll(MACHINE_PATH)) at(m[0], "a machine's path");
    for (const m of line.matchAll(DOCUMENT)) {
      const name = m[2] ?? '';
      if (!TEMPLATE.test(name) && !documents.has(name)) at(m[0], 'a document the repository does not hold');
    }
  });
  return found;
}

/** Reads what can be read as text, skipping generated data and anything large. */
function readText(root: string, file: string): string | undefined {
  if (!TEXT_FILE.test(file) || SKIPPED.test(file)) return undefined;
  const full = path.join(root, file);
  try {
    if (statSync(full).size > MAX_BYTES) return undefined;
    return readFileSync(full, 'utf8');
  } catch {
    return undefined; // listed by git but deleted in the working tree
  }
}

/** Every citation of something outside the repository, in every file of it. */
export function citationsOutside(root: string): Citation[] {
  const files = repositoryFiles(root);
  const documents = new Set(files.filter((f) => f.endsWith('.md')).map((f) => path.posix.basename(f)));
  return files.flatMap((file) => {
    const text = readText(root, file);
    return text === undefined ? [] : outsideCitations(file, text, documents);
  });
}

export const lineCount = (text: string): number => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
