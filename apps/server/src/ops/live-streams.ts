// Streams being relayed right now, so that shutdown can end the ones still running when its grace
// period is over with their dialect's error event (and a log that says why) rather than by
// dropping their sockets.

/** Where a stream registers how to cut it; the returned function unregisters it. */
export interface StreamRegistry {
  add(cut: () => void): () => void;
}

export class LiveStreams implements StreamRegistry {
  private readonly cuts = new Set<() => void>();

  get size(): number {
    return this.cuts.size;
  }

  add(cut: () => void): () => void {
    this.cuts.add(cut);
    return () => {
      this.cuts.delete(cut);
    };
  }

  /** Cuts every stream still running; returns how many there were. */
  cutAll(): number {
    const cuts = [...this.cuts];
    this.cuts.clear();
    for (const cut of cuts) cut();
    return cuts.length;
  }
}
