/**
 * Response compression, one setting for the server's compression middleware and for answers
 * compressed once and kept (query-api's cached catalogue pages).
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Bodies smaller than this are sent as they are. */
export const COMPRESSION_THRESHOLD = 1024;
/** Brotli at quality 4 (about gzip's speed, smaller output); gzip at its default level. */
export const BROTLI_PARAMS = { [constants.BROTLI_PARAM_QUALITY]: 4 };
export const GZIP_LEVEL = 6;

/** The encodings offered (the client's preference picks one); `identity` when it takes neither. */
export const CONTENT_ENCODINGS = ['br', 'gzip'] as const;
export type ContentEncoding = (typeof CONTENT_ENCODINGS)[number];

/**
 * `bytes` compressed, on the event loop. For what this is used on (a catalogue page, about
 * 16 kB, compressed once and kept), handing the work to libuv's thread pool cost the event loop
 * as much as doing it (measured on the 2-core machines: 107 µs of event-loop time per async
 * gzip against about 100 µs for gzipSync), and took the other core besides; a browser's first
 * request for a page waited 360 µs for it instead of about 100.
 */
export function compress(bytes: Buffer, encoding: ContentEncoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(bytes, { params: BROTLI_PARAMS })
    : gzipSync(bytes, { level: GZIP_LEVEL });
}
