/**
 * Documents containing one term, with the rank of the best attribute it appears in. Removal is
 * lazy: each entry keeps the version its document had when added, a re-indexed or removed document
 * gets a new version, and entries of an older version are skipped, then compacted away once they
 * are half of the list (a removal by search would cost the length of a common word's list).
 */
export class Postings {
  docs = new Int32Array(4);
  ranks = new Uint8Array(4);
  versions = new Int32Array(4);
  length = 0;
  stale = 0;
  add(doc: number, rank: number, version: number): void {
    if (this.length === this.docs.length) {
      const capacity = Math.max(4, this.length * 2);
      const docs = new Int32Array(capacity);
      docs.set(this.docs);
      this.docs = docs;
      const ranks = new Uint8Array(capacity);
      ranks.set(this.ranks);
      this.ranks = ranks;
      const versions = new Int32Array(capacity);
      versions.set(this.versions);
      this.versions = versions;
    }
    this.docs[this.length] = doc;
    this.ranks[this.length] = rank;
    this.versions[this.length] = version;
    this.length++;
  }
  /** Gives back the room kept for growth (after a bulk load). */
  trim(): void {
    if (this.docs.length - this.length < 16) return;
    this.docs = this.docs.slice(0, this.length);
    this.ranks = this.ranks.slice(0, this.length);
    this.versions = this.versions.slice(0, this.length);
  }

  /** One entry went stale; compacts when stale entries are half the list. */
  staled(current: Int32Array): void {
    this.stale++;
    if (this.stale * 2 < this.length || this.stale < 16) return;
    let kept = 0;
    for (let p = 0; p < this.length; p++) {
      const doc = this.docs[p]!;
      if (this.versions[p] !== current[doc]) continue;
      this.docs[kept] = doc;
      this.ranks[kept] = this.ranks[p]!;
      this.versions[kept] = this.versions[p]!;
      kept++;
    }
    this.length = kept;
    this.stale = 0;
  }
}
