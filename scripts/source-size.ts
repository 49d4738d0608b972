import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** A server source file is at most this many lines, and a function at most `FUNCTION_MAX_LINES`. */
export const FILE_MAX_LINES = 400;
export const FUNCTION_MAX_LINES = 80;

/** The server's source files: TypeScript under `apps/server/src`, without tests and their support. */
export const SERVER_SOURCE = 'apps/server/src';
const isTestCode = (file: string) => /\.test\.ts$|\.test-support\.ts$/.test(file);

export function lineCount(text: string): number {
  if (text.length === 0) return 0;
  return text.endsWith('\n') ? text.split('\n').length - 1 : text.split('\n').length;
}

/** The server's source files, as paths from the repository's root with forward slashes. */
export function serverSourceFiles(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(rel);
      else if (entry.name.endsWith('.ts') && !isTestCode(entry.name)) found.push(rel);
    }
  };
  walk(SERVER_SOURCE);
  return found.sort();
}

export type FunctionSize = { name: string; lines: number };

function nameOf(node: ts.Node, source: ts.SourceFile): string | undefined {
  const named = node as ts.Node & { name?: ts.Node };
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  if (
    named.name &&
    (ts.isIdentifier(named.name) || ts.isPrivateIdentifier(named.name) || ts.isStringLiteral(named.name))
  )
    return named.name.text;
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent))
    return parent.name.getText(source);
  return undefined;
}

const isFunction = (node: ts.Node): node is ts.FunctionLikeDeclaration =>
  ts.isFunctionDeclaration(node) ||
  ts.isMethodDeclaration(node) ||
  ts.isConstructorDeclaration(node) ||
  ts.isGetAccessorDeclaration(node) ||
  ts.isSetAccessorDeclaration(node) ||
  ts.isArrowFunction(node) ||
  ts.isFunctionExpression(node);

/**
 * Every function of a file with its length in lines, from its first line to its last. A function is named
 * by the chain of classes and functions around it (`PaymentsService.pay`, `accountRoutes.account`); one
 * without a name of its own is `(anonymous)`, numbered when its parent has several.
 */
export function functionSizes(fileName: string, text: string): FunctionSize[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const sizes: FunctionSize[] = [];
  const lineOf = (pos: number) => source.getLineAndCharacterOfPosition(pos).line;
  const visit = (node: ts.Node, chain: string[], anonymous: Map<string, number>) => {
    let next = chain;
    let inner = anonymous;
    if (isFunction(node) && node.body) {
      const prefix = chain.join('.');
      let own = nameOf(node, source);
      if (!own) {
        const n = (anonymous.get(prefix) ?? 0) + 1;
        anonymous.set(prefix, n);
        own = n === 1 ? '(anonymous)' : `(anonymous ${n})`;
      }
      next = [...chain, own];
      inner = new Map();
      sizes.push({ name: next.join('.'), lines: lineOf(node.getEnd()) - lineOf(node.getStart(source)) + 1 });
    } else if (ts.isClassDeclaration(node) && node.name) {
      next = [...chain, node.name.text];
      inner = new Map();
    }
    ts.forEachChild(node, (child) => visit(child, next, inner));
  };
  visit(source, [], new Map());
  return sizes;
}

export type SizeAllowance = { files: Record<string, number>; functions: Record<string, number> };

/** The server's files over `FILE_MAX_LINES` and functions over `FUNCTION_MAX_LINES`, with their lengths. */
export function oversized(root: string): SizeAllowance {
  const found: SizeAllowance = { files: {}, functions: {} };
  for (const file of serverSourceFiles(root)) {
    const text = readFileSync(path.join(root, file), 'utf8');
    const lines = lineCount(text);
    if (lines > FILE_MAX_LINES) found.files[file] = lines;
    for (const f of functionSizes(file, text))
      if (f.lines > FUNCTION_MAX_LINES) found.functions[`${file}#${f.name}`] = f.lines;
  }
  return found;
}

/** What is over the limits and not allowed, or allowed but grown, or allowed but no longer over. */
export function sizeProblems(found: SizeAllowance, allowed: SizeAllowance): string[] {
  const problems: string[] = [];
  const judge = (measured: Record<string, number>, list: Record<string, number>, max: number, what: string) => {
    for (const [key, lines] of Object.entries(measured)) {
      const cap = list[key];
      if (cap === undefined) problems.push(`${key}: ${lines} lines, over the ${max} of a ${what}`);
      else if (lines > cap) problems.push(`${key}: ${lines} lines, grown past the ${cap} it is allowed`);
    }
    for (const key of Object.keys(list))
      if (measured[key] === undefined) problems.push(`${key}: within the limits now (or gone); take it off the list`);
  };
  judge(found.files, allowed.files, FILE_MAX_LINES, 'file');
  judge(found.functions, allowed.functions, FUNCTION_MAX_LINES, 'function');
  return problems;
}
