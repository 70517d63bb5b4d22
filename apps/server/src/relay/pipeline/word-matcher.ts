// A many-word matcher (Aho–Corasick): built once per word list, it tells which words occur in a
// text in one pass over the text, whatever the number of words. The pass goes slice by slice and
// yields to the event loop between slices, so a megabyte prompt never holds other requests up.
// (npm's maintained Aho–Corasick packages segment text into graphemes and are quadratic on long
// texts — 2 s for 50 KB — or copy output lists per state; this one is small and linear.)
// Transitions live in typed arrays (an open-addressing table keyed by state and code unit), so
// building for a 65,535-character list allocates a handful of arrays, not a map per state.

/** UTF-16 code units scanned between two yields to the event loop (a few milliseconds). */
export const SCAN_SLICE = 16 * 1024;

/** Words (code units) inserted, or states linked, between two yields while building. */
const BUILD_SLICE = 2048;

const NONE = -1;

export class WordMatcher {
  readonly words: readonly string[];
  /** The root's transitions by code unit; 0 (the root itself) is "no transition" everywhere. */
  private readonly rootNext = new Int32Array(0x10000);
  /** Other transitions: (state, code) → state, linear probing. */
  private readonly slotState: Int32Array;
  private readonly slotCode: Uint16Array;
  private readonly slotTarget: Int32Array;
  private readonly mask: number;
  /** Per state: the word ending there (NONE if none), failure and dictionary links. */
  private readonly ends: Int32Array;
  private readonly fail: Int32Array;
  private readonly dict: Int32Array;
  private states = 1;
  private longest = 0;

  private readonly parent: Int32Array;
  private readonly via: Uint16Array;
  private readonly depth: Int32Array;

  private constructor(
    words: Iterable<string>,
    private readonly ignoreCase: boolean,
  ) {
    const folded = [...words].map((word) => (ignoreCase ? word.toLowerCase() : word));
    this.words = [...new Set(folded.filter((word) => word.length > 0))];
    const most = this.words.reduce((sum, word) => sum + word.length, 1);
    let capacity = 16;
    while (capacity < most * 2) capacity *= 2;
    this.mask = capacity - 1;
    this.slotState = new Int32Array(capacity).fill(NONE);
    this.slotCode = new Uint16Array(capacity);
    this.slotTarget = new Int32Array(capacity);
    this.ends = new Int32Array(most).fill(NONE);
    this.fail = new Int32Array(most);
    this.dict = new Int32Array(most).fill(NONE);
    this.parent = new Int32Array(most);
    this.via = new Uint16Array(most);
    this.depth = new Int32Array(most);
  }

  /**
   * The matcher of a word list, built in slices between which other requests run. With
   * `ignoreCase`, words and texts are compared lower-cased (the words it reports are too).
   */
  static async build(
    words: Iterable<string>,
    options: { ignoreCase?: boolean } = {},
  ): Promise<WordMatcher> {
    const matcher = new WordMatcher(words, options.ignoreCase ?? false);
    let work = 0;
    for (let index = 0; index < matcher.words.length; index += 1) {
      const word = matcher.words[index] as string;
      matcher.insert(word, index);
      work += word.length;
      if (work >= BUILD_SLICE) {
        work = 0;
        await nextTurn();
      }
    }
    await matcher.link();
    return matcher;
  }

  private insert(word: string, index: number): void {
    let state = 0;
    for (let i = 0; i < word.length; i += 1) {
      const code = word.charCodeAt(i);
      let target = this.child(state, code);
      if (target === 0) {
        target = this.states++;
        this.parent[target] = state;
        this.via[target] = code;
        this.depth[target] = i + 1;
        this.add(state, code, target);
      }
      state = target;
    }
    this.ends[state] = index;
    this.longest = Math.max(this.longest, word.length);
  }

  /**
   * The distinct words found in the text, in the order they are first met, at most `limit` of
   * them (the scan stops there).
   */
  async find(text: string, limit = Number.POSITIVE_INFINITY): Promise<string[]> {
    const found: string[] = [];
    if (this.words.length === 0 || limit <= 0) return found;
    const seen = new Uint8Array(this.words.length);
    let state = 0;
    for (let from = 0; from < text.length; from += SCAN_SLICE) {
      if (from > 0) await nextTurn();
      // Folded a slice at a time too: a whole megabyte lower-cased at once is a stall of its own.
      const slice = text.slice(from, from + SCAN_SLICE);
      state = this.scan(this.ignoreCase ? slice.toLowerCase() : slice, state, seen, found);
      if (found.length >= limit) return found.slice(0, limit);
    }
    return found;
  }

  /** Runs the automaton over the text from `start`; returns the state it ends in. */
  private scan(text: string, start: number, seen: Uint8Array, found: string[]): number {
    let state = start;
    for (let i = 0; i < text.length; i += 1) {
      const code = text.charCodeAt(i);
      for (;;) {
        const target = this.child(state, code);
        if (target !== 0 || state === 0) {
          state = target;
          break;
        }
        state = this.fail[state] as number;
      }
      // Each word is reported once: a reported word's dictionary chain was walked when it was,
      // so the walk stops there and the whole scan stays linear in text plus words.
      for (let s = this.ends[state] === NONE ? (this.dict[state] as number) : state; s > 0; ) {
        const word = this.ends[s] as number;
        if (seen[word]) break;
        seen[word] = 1;
        found.push(this.words[word] as string);
        s = this.dict[s] as number;
      }
    }
    return state;
  }

  private child(state: number, code: number): number {
    if (state === 0) return this.rootNext[code] as number;
    for (let slot = this.slotOf(state, code); ; slot = (slot + 1) & this.mask) {
      const owner = this.slotState[slot] as number;
      if (owner === NONE) return 0;
      if (owner === state && this.slotCode[slot] === code) return this.slotTarget[slot] as number;
    }
  }

  private add(state: number, code: number, target: number): void {
    if (state === 0) {
      this.rootNext[code] = target;
      return;
    }
    let slot = this.slotOf(state, code);
    while (this.slotState[slot] !== NONE) slot = (slot + 1) & this.mask;
    this.slotState[slot] = state;
    this.slotCode[slot] = code;
    this.slotTarget[slot] = target;
  }

  private slotOf(state: number, code: number): number {
    // murmur3's finaliser: linear probing needs the low bits well mixed.
    let h = Math.imul(state, 0x9e3779b1) ^ code;
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
    return (h ^ (h >>> 16)) & this.mask;
  }

  /** Failure and dictionary links, shallow states first (a state's links need its parent's). */
  private async link(): Promise<void> {
    const { depth } = this;
    // Counting sort of the states by depth.
    const starts = new Int32Array(this.longest + 2);
    for (let state = 1; state < this.states; state += 1) {
      const d = depth[state] as number;
      starts[d] = (starts[d] as number) + 1;
    }
    for (let d = 1; d < starts.length; d += 1) {
      starts[d] = (starts[d] as number) + (starts[d - 1] as number);
    }
    const order = new Int32Array(this.states - 1);
    for (let state = this.states - 1; state >= 1; state -= 1) {
      const d = depth[state] as number;
      const at = (starts[d] as number) - 1;
      starts[d] = at;
      order[at] = state;
    }
    for (let at = 0; at < order.length; at += 1) {
      if (at > 0 && at % BUILD_SLICE === 0) await nextTurn();
      this.linkState(order[at] as number);
    }
  }

  private linkState(state: number): void {
    let failed = 0;
    if ((this.depth[state] as number) > 1) {
      const code = this.via[state] as number;
      for (let back = this.fail[this.parent[state] as number] as number; ; ) {
        failed = this.child(back, code);
        if (failed !== 0 || back === 0) break;
        back = this.fail[back] as number;
      }
    }
    this.fail[state] = failed;
    this.dict[state] = this.ends[failed] !== NONE ? failed : (this.dict[failed] as number);
  }
}

/** Lets the event loop serve other requests (I/O callbacks run before setImmediate's). */
function nextTurn(): Promise<void> {
  return new Promise<void>((resolve) => setImmediate(resolve));
}
