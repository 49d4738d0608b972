import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API_TARGET = process.env.API_TARGET ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
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
