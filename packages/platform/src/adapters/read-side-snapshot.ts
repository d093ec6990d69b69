/**
 * A snapshot of the embedded read side: every in-memory read model (the projectors' checkpoints
 * among them) and the embedded search index, written to one file when the server stops, and
 * read back at the next boot. The projectors then resume from their restored checkpoints and
 * replay only the events after them, instead of the whole log: at a million listings that is the
 * difference between minutes and seconds (docs/performance.md).
 *
 * A snapshot is used only when it fits: the same format, the same projection code (a
 * fingerprint the caller computes), and a log that still holds the event the snapshot last saw
 * (a log replaced or re-seeded since is not the one it was taken of). Anything else, a damaged
 * file included, is set aside and the read side is rebuilt by replay, as without a snapshot.
 *
 * File: frames of a 4-byte length and a `v8.serialize`d value (the header first, then parts of
 * about PART_SIZE entries); written to a temporary file and renamed, so a crash mid-write leaves
 * the previous snapshot whole.
 */
import {
  closeSync,
  fstatSync,
  fsyncSync,
  openSync,
  readSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import v8 from 'node:v8';
import type { EmbeddedSearchEngine, EmbeddedSearchPart } from '@rewear/embedded-search';
import type { MemoryReadModelStore, MemoryReadModelsPart } from '@rewear/memory-read-models';
import { interner } from '@rewear/memory-copy';
import type { EventStore } from '@rewear/ports';

/** File of the read-side snapshot inside `dataDir`. */
export const READ_SIDE_SNAPSHOT_FILE = 'read-side.snapshot';

/** Bumped whenever the layout of the parts changes. */
const FORMAT = 1;
/** Documents, terms or posting lists per part: a few MB each. */
const PART_SIZE = 20_000;
const LENGTH_BYTES = 4;

interface SnapshotHeader {
  format: number;
  fingerprint: string;
  /** The newest event of the log when the snapshot was taken (null: an empty log). */
  logHead: { position: number; eventId: string } | null;
  writtenAt: string;
}

type Frame =
  | { engine: 'read-models'; part: MemoryReadModelsPart }
  | { engine: 'search'; part: EmbeddedSearchPart };

export interface EmbeddedReadSide {
  readModels: MemoryReadModelStore;
  search: EmbeddedSearchEngine;
}

export interface SnapshotStats {
  bytes: number;
  parts: number;
  durationMs: number;
}

async function logHead(eventStore: EventStore): Promise<SnapshotHeader['logHead']> {
  const position = await eventStore.headPosition();
  if (position === 0) return null;
  const [event] = await eventStore.readAll(position - 1, 1);
  return event ? { position: event.position, eventId: event.id } : null;
}

/**
 * Writes the snapshot of a read side that nothing changes meanwhile (the projections stopped).
 * Synchronous from the first part to the rename: no write can slip in between two parts.
 */
export async function writeReadSideSnapshot(
  file: string,
  readSide: EmbeddedReadSide,
  options: { eventStore: EventStore; fingerprint: string },
): Promise<SnapshotStats> {
  const started = performance.now();
  const header: SnapshotHeader = {
    format: FORMAT,
    fingerprint: options.fingerprint,
    logHead: await logHead(options.eventStore),
    writtenAt: new Date().toISOString(),
  };
  const temporary = `${file}.${process.pid}.tmp`;
  const fd = openSync(temporary, 'w');
  let bytes = 0;
  let parts = 0;
  const length = Buffer.alloc(LENGTH_BYTES);
  const writeFrame = (value: SnapshotHeader | Frame) => {
    const body = v8.serialize(value);
    length.writeUInt32LE(body.length);
    writeSync(fd, length);
    writeSync(fd, body);
    bytes += LENGTH_BYTES + body.length;
  };
  try {
    writeFrame(header);
    for (const part of readSide.readModels.snapshotParts(PART_SIZE)) {
      writeFrame({ engine: 'read-models', part });
      parts++;
    }
    for (const part of readSide.search.snapshotParts(PART_SIZE)) {
      writeFrame({ engine: 'search', part });
      parts++;
    }
    fsyncSync(fd);
  } catch (err) {
    closeSync(fd);
    rmSync(temporary, { force: true });
    throw err;
  }
  closeSync(fd);
  renameSync(temporary, file);
  return { bytes, parts, durationMs: performance.now() - started };
}

/** Reads the file's frames one after another, into one buffer grown to the largest. */
class FrameReader {
  private buffer = Buffer.alloc(1 << 20);
  private offset = 0;
  readonly size: number;
  constructor(private readonly fd: number) {
    this.size = fstatSync(fd).size;
  }

  next(): unknown {
    if (this.offset === this.size) return undefined;
    const length = this.read(LENGTH_BYTES).readUInt32LE(0);
    return v8.deserialize(this.read(length));
  }

  private read(length: number): Buffer {
    if (this.offset + length > this.size) throw new Error('the snapshot file is cut short');
    if (length > this.buffer.length) this.buffer = Buffer.alloc(length);
    let done = 0;
    while (done < length) {
      const got = readSync(this.fd, this.buffer, done, length - done, this.offset + done);
      if (got === 0) throw new Error('the snapshot file is cut short');
      done += got;
    }
    this.offset += length;
    return this.buffer.subarray(0, length);
  }
}

export type RestoreResult =
  ({ restored: true } & SnapshotStats) | { restored: false; reason: string };

/**
 * Fills an empty read side from the snapshot in `file` when it fits (see above); says why not
 * otherwise. A failure part way leaves the read side partly filled: the caller discards it.
 */
export async function restoreReadSideSnapshot(
  file: string,
  readSide: EmbeddedReadSide,
  options: { eventStore: EventStore; fingerprint: string },
): Promise<RestoreResult> {
  const started = performance.now();
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch {
    return { restored: false, reason: 'no snapshot' };
  }
  try {
    const frames = new FrameReader(fd);
    const header = frames.next() as SnapshotHeader | undefined;
    if (header?.format !== FORMAT)
      return { restored: false, reason: `a snapshot of another format (${header?.format})` };
    if (header.fingerprint !== options.fingerprint)
      return { restored: false, reason: 'a snapshot taken by other projection code' };
    const current = await logHead(options.eventStore);
    if (header.logHead !== null) {
      const [event] =
        current && current.position >= header.logHead.position
          ? await options.eventStore.readAll(header.logHead.position - 1, 1)
          : [];
      if (event?.id !== header.logHead.eventId)
        return { restored: false, reason: 'a snapshot of another event log' };
    }
    let parts = 0;
    // One table for both engines: a listing's document and its search document share texts.
    const intern = interner();
    for (let frame = frames.next() as Frame | undefined; frame; frame = frames.next() as Frame) {
      if (frame.engine === 'read-models') readSide.readModels.restorePart(frame.part, intern);
      else readSide.search.restorePart(frame.part, intern);
      parts++;
    }
    return { restored: true, bytes: frames.size, parts, durationMs: performance.now() - started };
  } finally {
    closeSync(fd);
  }
}
