// What a click needs to know of its link, kept per process: a BroadcastLink row never changes after the send (its
// URL and broadcast are written once, when the content is compiled), so a cached row is never stale; a deleted
// broadcast takes its recipients with it, and a click then finds no recipient to match. Bounded, least recently
// used first out, so a process holds the links being clicked now and nothing grows without end.
import "server-only";

export type CachedLink = {
  broadcastId: string;
  url: string;
  /** The URL has merge tags: the click needs the recipient's values to resolve it. */
  personal: boolean;
};

export class LinkCache {
  // A Map iterates in insertion order: re-inserting on every read keeps the least recently used first.
  private readonly links = new Map<string, CachedLink>();

  constructor(readonly capacity: number) {}

  get(linkId: string): CachedLink | undefined {
    const link = this.links.get(linkId);
    if (link) {
      this.links.delete(linkId);
      this.links.set(linkId, link);
    }
    return link;
  }

  set(linkId: string, link: CachedLink) {
    this.links.delete(linkId);
    this.links.set(linkId, link);
    if (this.links.size > this.capacity) this.links.delete(this.links.keys().next().value!);
  }

  get size() {
    return this.links.size;
  }
}
