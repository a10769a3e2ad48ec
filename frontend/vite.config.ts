import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/** Paths the NestJS server (port 3000) answers; the dev server forwards them (docs/ARCHITECTURE.md). */
const BACKEND_URL = process.env.BACKEND_URL ?? 'http://localhost:3000';
const proxiedPrefixes = ['/api', '/v2', '/sandbox', '/admin'];

/**
 * React, ReactDOM and React Router change only on upgrades: one long-cached vendor chunk.
 * MUI stays with its importers on purpose, so MUI parts only the back office uses are not
 * pulled into the public pages' bundle.
 */
const REACT_VENDOR = /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/;

/** Text files worth compressing ahead of time. */
const COMPRESSIBLE = /\.(js|css|svg|json|txt)$/;

/**
 * Writes `.br` (brotli, best quality) and `.gz` (gzip -9) beside every built text asset over 1 KB.
 * The backend serves them as they are (@fastify/static `preCompressed`), so phones on mobile data
 * get the smallest files without the server compressing on each request (docs/PRODUCT-RULES.md "Public web app").
 */
const precompress = (): Plugin => {
  let outDir = 'dist';
  return {
    name: 'tips-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const path = join(dir, name);
          return statSync(path).isDirectory() ? walk(path) : [path];
        });
      for (const file of walk(join(outDir, 'assets'))) {
        if (!COMPRESSIBLE.test(file)) continue;
        const body = readFileSync(file);
        if (body.length < 1024) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 11,
              [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
};

export default defineConfig({
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2020',
    // Report gzip sizes so the initial bundle for / stays visible in every build.
    reportCompressedSize: true,
    rollupOptions: {
      output: {
        manualChunks: (id) => (REACT_VENDOR.test(id) ? 'react-vendor' : undefined),
      },
    },
  },
  server: {
    proxy: Object.fromEntries(
      proxiedPrefixes.map((prefix) => [prefix, { target: BACKEND_URL, changeOrigin: true }]),
    ),
  },
  preview: {
    proxy: Object.fromEntries(
      proxiedPrefixes.map((prefix) => [prefix, { target: BACKEND_URL, changeOrigin: true }]),
    ),
  },
});
