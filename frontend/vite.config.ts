import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** Paths the NestJS server (port 3000) answers; the dev server forwards them (architecture.md). */
const BACKEND_URL = process.env.BACKEND_URL ?? 'http://localhost:3000';
const proxiedPrefixes = ['/api', '/v2', '/sandbox', '/admin'];

/**
 * React, ReactDOM and React Router change only on upgrades: one long-cached vendor chunk.
 * MUI stays with its importers on purpose, so MUI parts only the back office uses are not
 * pulled into the public pages' bundle.
 */
const REACT_VENDOR = /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/;

export default defineConfig({
  plugins: [react()],
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
