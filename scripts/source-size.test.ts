import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  FILE_MAX_LINES,
  FUNCTION_MAX_LINES,
  functionSizes,
  lineCount,
  oversized,
  type SizeAllowance,
  sizeProblems,
} from './source-size';

const root = path.resolve(import.meta.dirname, '..');
/** Today's exceptions with their sizes: an entry may only shrink, and goes when its file or function fits. */
const allowed = JSON.parse(
  readFileSync(path.join(import.meta.dirname, 'source-size.allow.json'), 'utf8'),
) as SizeAllowance;

/** Measured once for the file: every server source file parsed. */
const found = oversized(root);

describe('the server’s source stays small', () => {
  it(`has no file over ${FILE_MAX_LINES} lines and no function over ${FUNCTION_MAX_LINES} but the listed, none grown`, () => {
    expect(sizeProblems(found, allowed)).toEqual([]);
  });
});

describe('the size measure', () => {
  const text = [
    'export class Orders {', // 1
    '  constructor(private readonly a: number) {}', // 2
    '  create(x: number) {', // 3
    '    const inner = () => {', // 4
    '      return x;', // 5
    '    };', // 6
    '    return [1].map((n) => n + inner());', // 7
    '  }', // 8
    '}', // 9
    'export const routes = async function api() {', // 10
    '  return 1;', // 11
    '};', // 12
    'export function buildApp() {', // 13
    '  [0].forEach(() => {});', // 14
    '  [0].forEach(() => {});', // 15
    '}', // 16
    '',
  ].join('\n');

  it('names each function by the classes and functions around it, and counts its lines', () => {
    expect(functionSizes('a.ts', text)).toEqual([
      { name: 'Orders.constructor', lines: 1 },
      { name: 'Orders.create', lines: 6 },
      { name: 'Orders.create.inner', lines: 3 },
      { name: 'Orders.create.(anonymous)', lines: 1 },
      { name: 'api', lines: 3 },
      { name: 'buildApp', lines: 4 },
      { name: 'buildApp.(anonymous)', lines: 1 },
      { name: 'buildApp.(anonymous 2)', lines: 1 },
    ]);
    expect(lineCount(text)).toBe(16);
    expect(lineCount('one line')).toBe(1);
    expect(lineCount('')).toBe(0);
  });

  it('finds a file grown past its allowance, a new one over the limit, and an entry no longer needed', () => {
    const problems = sizeProblems(
      { files: { 'a.ts': 420, 'b.ts': 401 }, functions: { 'a.ts#create': 90 } },
      { files: { 'a.ts': 410, 'gone.ts': 500 }, functions: { 'a.ts#create': 95, 'c.ts#old': 81 } },
    );
    expect(problems).toEqual([
      'a.ts: 420 lines, grown past the 410 it is allowed',
      'b.ts: 401 lines, over the 400 of a file',
      'gone.ts: within the limits now (or gone); take it off the list',
      'c.ts#old: within the limits now (or gone); take it off the list',
    ]);
    expect(sizeProblems(found, { files: {}, functions: {} }).length).toBe(
      Object.keys(found.files).length + Object.keys(found.functions).length,
    );
  });
});
