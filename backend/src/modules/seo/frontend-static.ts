import type { FastifyCompressOptions } from '@fastify/compress';
import type { FastifyReply } from 'fastify';
import { constants } from 'zlib';

/**
 * HTTP compression of every compressible answer (the app's JS and CSS, HTML, JSON, XML) over
 * 1 KB, brotli or gzip as the client accepts (docs/PRODUCT-RULES.md "Public web app": buyers on mobile data). Brotli at quality
 * 4 costs about as much CPU as gzip level 6 and still beats it in size.
 */
export const COMPRESSION_OPTIONS: FastifyCompressOptions = {
  global: true,
  threshold: 1024,
  encodings: ['br', 'gzip'],
  brotliOptions: {
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_QUALITY]: 4,
    },
  },
};

/** Vite's hashed build output (frontend/dist/assets/*-[hash].js|css, and their .br/.gz): a new name for every change. */
const HASHED_ASSET = /[\\/]assets[\\/][^\\/]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+(\.(br|gz))?$/;

/**
 * Cache-Control of a file of the built frontend (@fastify/static `setHeaders`): hashed assets are
 * immutable for a year; other files (favicon...) an hour. index.html is never served from here.
 */
export const setFrontendCacheHeaders = (reply: FastifyReply, path: string): void => {
  void reply.header(
    'cache-control',
    HASHED_ASSET.test(path) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
  );
};
