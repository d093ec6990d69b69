/**
 * Response compression, one setting for the server's compression middleware and for answers
 * compressed once and kept (query-api's cached catalogue pages).
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/** Bodies smaller than this are sent as they are. */
export const COMPRESSION_THRESHOLD = 1024;
/** Brotli at quality 4 (about gzip's speed, smaller output); gzip at its default level. */
export const BROTLI_PARAMS = { [constants.BROTLI_PARAM_QUALITY]: 4 };
export const GZIP_LEVEL = 6;

/** The encodings offered (the client's preference picks one); `identity` when it takes neither. */
export const CONTENT_ENCODINGS = ['br', 'gzip'] as const;
export type ContentEncoding = (typeof CONTENT_ENCODINGS)[number];

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** `bytes` compressed, on libuv's thread pool (the event loop goes on meanwhile). */
export function compress(bytes: Buffer, encoding: ContentEncoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotliAsync(bytes, { params: BROTLI_PARAMS })
    : gzipAsync(bytes, { level: GZIP_LEVEL });
}
