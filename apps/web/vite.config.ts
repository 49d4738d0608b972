import { readFileSync } from 'node:fs';
import path from 'node:path';
import { constants as zlib } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { isOfflineShellFile, offlineShellFiles, type ViteManifest } from './src/shared/offline/shell-files';

const API_TARGET = process.env.API_TARGET ?? 'http://127.0.0.1:3000';
const DIST = 'dist';

/** Keeps only the offline shell of the build's files in the worker's install list (src/shared/offline/shell-files.ts). */
const keepOfflineShell = <T extends { url: string }>(entries: T[]) => {
  const manifest = JSON.parse(
    readFileSync(path.resolve(import.meta.dirname, DIST, '.vite/manifest.json'), 'utf8'),
  ) as ViteManifest;
  const shell = offlineShellFiles(manifest);
  return { manifest: entries.filter((e) => isOfflineShellFile(e.url, shell)), warnings: [] as string[] };
};

export default defineConfig({
  plugins: [
    react(),
    // The service worker (src/sw.ts) for tickets that open offline; the page registers it (shared/offline).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,png,svg,webmanifest}'],
        manifestTransforms: [keepOfflineShell],
      },
    }),
    // Each text file is also written compressed at the highest levels (`x.js.br`, `x.js.gz`); the server sends
    // those as they are (plugins/static-web.ts) instead of compressing the same file again on every request.
    compression({
      include: /\.(html|css|js|mjs|json|svg|webmanifest|txt)$/,
      // The build's own manifest is read by the build scripts, never sent.
      exclude: /\.vite\//,
      threshold: 1024,
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      logLevel: 'silent',
    }),
  ],
  build: {
    outDir: DIST,
    emptyOutDir: true,
    sourcemap: false,
    // scripts/bundle-size.mjs reads which chunks the first page needs from the manifest.
    manifest: true,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // Everything the entry imports statically loads with every page, so it is one chunk (one request,
              // and gzip compresses across it) rather than a chunk for each set of pages sharing a module.
              // The entry module itself stays the manifest's entry.
              name: 'app',
              tags: ['$initial'],
              test: (id: string) => !/[\\/]src[\\/]main\.tsx$|index\.html/.test(id),
            },
            {
              // What three or more pages (or lazy panels) use of Ant Design, its components' packages and the date
              // library is one chunk, loaded with the first page built with them and cached after; split by the sets
              // of pages sharing each module, they were some sixty requests of a few kilobytes, a round trip each.
              // What fewer pages use stays with them. `scripts/bundle-size.mjs` counts each page's files.
              name: 'antd',
              minShareCount: 3,
              test: /[\\/]node_modules[\\/](antd|@ant-design|@rc-component|rc-[^\\/]+|dayjs)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': API_TARGET,
      '/forestage': API_TARGET,
      '/healthz': API_TARGET,
    },
  },
});
