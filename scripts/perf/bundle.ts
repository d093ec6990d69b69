/**
 * What JavaScript each route of the built client loads, from Vite's build manifest
 * (apps/client/dist/.vite/manifest.json), in gzipped bytes (level 9, as the server compresses
 * static files ahead of time).
 *
 * A route's JavaScript is the entry with its static imports, plus the page's lazy chunk with its
 * own static imports. A signed-in shopper's route also loads the identity SDK (the entry's dynamic
 * import of features/auth/firebase.ts) at start-up.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface RouteJavaScript {
  /** The page module's file name without extension (HomePage, CataloguePage, ...). */
  page: string;
  /** Gzipped bytes of every chunk the route loads before it renders. */
  bytes: number;
  /** Those chunks, largest first. */
  chunks: Array<{ file: string; bytes: number }>;
}

export interface BundleFigures {
  routes: RouteJavaScript[];
  /** The identity SDK's chunks a signed-in shopper loads at start-up, beyond the route's. */
  signInChunks: Array<{ file: string; bytes: number }>;
}

const PAGE_MODULE = /(?:^|\/)([A-Za-z]+Pages?)\.tsx$/;
const SIGN_IN_MODULE = /features\/auth\/firebase\.ts$/;

export function readManifest(distDir: string): Manifest {
  return JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Manifest;
}

/** A chunk and everything it imports statically, as manifest keys. */
export function staticClosure(manifest: Manifest, key: string, into = new Set<string>()) {
  if (into.has(key)) return into;
  into.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

/** `sizeOf(file)`: a chunk's gzipped bytes (a parameter so tests need no build). */
export function bundleFigures(manifest: Manifest, sizeOf: (file: string) => number): BundleFigures {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entryKey) throw new Error('The build manifest names no entry chunk');
  const entry = staticClosure(manifest, entryKey);
  const sized = (keys: Iterable<string>) =>
    [...keys]
      .map((key) => ({ file: manifest[key]!.file, bytes: sizeOf(manifest[key]!.file) }))
      .sort((a, b) => b.bytes - a.bytes);

  const routes = (manifest[entryKey]!.dynamicImports ?? [])
    .filter((key) => PAGE_MODULE.test(key))
    .map((key) => {
      const chunks = sized(staticClosure(manifest, key, new Set(entry)));
      return {
        page: PAGE_MODULE.exec(key)![1]!,
        bytes: chunks.reduce((sum, chunk) => sum + chunk.bytes, 0),
        chunks,
      };
    });

  const signIn = new Set<string>();
  for (const key of manifest[entryKey]!.dynamicImports ?? [])
    if (SIGN_IN_MODULE.test(key)) staticClosure(manifest, key, signIn);
  for (const key of entry) signIn.delete(key);
  return { routes, signInChunks: sized(signIn) };
}

export function gzippedSizeIn(distDir: string) {
  return (file: string) => gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length;
}

export const kb = (bytes: number) => bytes / 1024;
