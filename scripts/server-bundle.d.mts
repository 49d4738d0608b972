/** See `server-bundle.mjs`. */
export function buildAlone(options: {
  entryPoints: { out: string; in: string }[];
  outdir: string;
  runsFrom: string;
}): Promise<{
  outputs: Record<string, { imports: { path: string; external?: boolean }[]; inputs: Record<string, unknown> }>;
}>;
