// Typo tolerance: which dictionary tokens a query word reaches with a few typos.
//
// The budget follows word length, the rule Meilisearch and Typesense use: no typo under 4
// characters, one up to 8, two above. A token matches a word when the word is within that
// many edits of the whole token, or of a prefix of the token at least as long as the word, so
// a typo in a half-typed word still finds ("wingspn" → "wingspan", "terraformng" →
// "terraforming"). The first letter must be right. An edit is an insertion, a deletion, a
// substitution or a swap of two adjacent letters (the optimal string alignment distance, a
// restricted Damerau-Levenshtein: "wrold" is one edit from "world", as people count typos;
// a swapped pair is never edited again).
//
// The sorted dictionary is walked as a trie, one edit-distance row per node (as bit sets, one
// a typo count, for words up to 29 letters): a node whose row is all above the budget is not
// entered, and a node already within the budget (as long as the word) accepts every token
// below it at once.

/** Edits a query word may carry: 0 under 4 code points, 1 up to 8, 2 above. */
export function typoBudget(word: string): number {
  let n = 0;
  for (const _ of word) n++;
  return n < 4 ? 0 : n <= 8 ? 1 : 2;
}

/** Longest word rangesByBits takes: its bits 0..m in an Int32 without the sign bit. */
const MAX_BIT_WORD = 29;

/**
 * The sorted token dictionary as a trie: node n covers the tokens [lo[n], hi[n]) that start
 * with its path; children in character order. Built once per dictionary, linear in its size.
 */
export class TokenTrie {
  private readonly code: Uint16Array;
  private readonly firstChild: Int32Array;
  private readonly nextSibling: Int32Array;
  private readonly lo: Uint32Array;
  private readonly hi: Uint32Array;
  private readonly depth: Uint16Array;
  private readonly tokens: readonly string[];
  /**
   * rangesByBits' table of the word's letters, one entry a UTF-16 code unit (256 KB, made on
   * the first call; all zero between calls, which never overlap).
   */
  private letterBitsTable: Int32Array | null = null;

  constructor(tokens: readonly string[]) {
    this.tokens = tokens;
    let capacity = 1;
    for (const t of tokens) capacity += t.length;
    const code = new Uint16Array(capacity);
    const firstChild = new Int32Array(capacity).fill(-1);
    const nextSibling = new Int32Array(capacity).fill(-1);
    const lo = new Uint32Array(capacity);
    const hi = new Uint32Array(capacity);
    const depth = new Uint16Array(capacity);
    let count = 1; // node 0: the root
    hi[0] = tokens.length;
    // path[d] = node at depth d on the current token's path; lastChild[d] its last child.
    const path: number[] = [0];
    const lastChild: number[] = [-1];
    let previous = '';
    for (let t = 0; t < tokens.length; t++) {
      const token = tokens[t];
      let shared = 0;
      const limit = Math.min(previous.length, token.length);
      while (shared < limit && token.charCodeAt(shared) === previous.charCodeAt(shared)) shared++;
      // Close the nodes below the shared prefix.
      while (path.length - 1 > shared) {
        hi[path[path.length - 1]] = t;
        path.pop();
        lastChild.pop();
      }
      for (let d = shared; d < token.length; d++) {
        const node = count++;
        code[node] = token.charCodeAt(d);
        lo[node] = t;
        depth[node] = d + 1;
        const parent = path[d];
        const last = lastChild[d];
        if (last < 0) firstChild[parent] = node;
        else nextSibling[last] = node;
        lastChild[d] = node;
        path.push(node);
        lastChild.push(-1);
      }
      previous = token;
    }
    while (path.length > 1) hi[path.pop() ?? 0] = tokens.length;
    this.code = code.slice(0, count);
    this.firstChild = firstChild.slice(0, count);
    this.nextSibling = nextSibling.slice(0, count);
    this.lo = lo.slice(0, count);
    this.hi = hi.slice(0, count);
    this.depth = depth.slice(0, count);
  }

  /**
   * Id ranges [lo, hi) of the tokens within `budget` edits of `word` (by the rule above),
   * flattened as lo0, hi0, lo1, hi1, ... in ascending order.
   */
  ranges(word: string, budget: number): number[] {
    return word.length <= MAX_BIT_WORD ? this.rangesByBits(word, budget) : this.rangesByRows(word, budget);
  }

  /**
   * ranges() with the edit-distance rows as bit sets (the NFA of Wu and Manber, with
   * Hyyrö's swap), one machine word a typo count: bit j of level i says the word's first j
   * characters are within i edits of the path. A node costs a few operations a level where a
   * row cost a min of three a cell of its band, and a node's children that cannot stay
   * within the budget are not visited (the BGG names' 80,189 tokens, "gloomhaven": 88–102 →
   * 19 µs, "catan" 28–31 → 7). The same answer as rangesByRows, which longer words keep.
   */
  private rangesByBits(word: string, budget: number): number[] {
    const m = word.length;
    const levels = budget + 1;
    const maxDepth = m + budget + 1;
    const full = (1 << (m + 1)) - 1;
    const wordEnd = 1 << m;
    // letterBits[c]: bit j set where the word's j-th character (from 1) is c.
    this.letterBitsTable ??= new Int32Array(65_536);
    const letterBits = this.letterBitsTable;
    for (let j = 1; j <= m; j++) letterBits[word.charCodeAt(j - 1)] |= 1 << j;
    // states[d * levels + i]: level i's bits after the path's first d characters; at the
    // root, the word's first i characters are i deletions away.
    const states = new Int32Array((maxDepth + 1) * levels);
    for (let i = 0; i < levels; i++) states[i] = (1 << (i + 1)) - 1;
    const pathCode = new Uint16Array(maxDepth + 1);
    const out: number[] = [];
    const stack: number[] = [];
    const first = word.charCodeAt(0);
    for (let c = this.firstChild[0]; c >= 0; c = this.nextSibling[c]) if (this.code[c] === first) stack.push(c);
    try {
      while (stack.length > 0) {
        const node = stack.pop() ?? 0;
        const p = this.depth[node];
        const code = this.code[node];
        pathCode[p] = code;
        const here = letterBits[code];
        // A swap reads the path's previous character and the states two characters back.
        const swapBits = p >= 2 ? letterBits[pathCode[p - 1]] & (here << 1) : 0;
        const parent = (p - 1) * levels;
        const at = p * levels;
        const before = (p - 2) * levels;
        let lower = 0;
        for (let i = 0; i < levels; i++) {
          let bits = (states[parent + i] << 1) & here;
          if (i > 0) {
            const fewer = states[parent + i - 1];
            // substitution, insertion (the path's character extra), deletion, and i - 1 edits
            bits |= (fewer << 1) | fewer | (lower << 1) | lower;
            if (swapBits !== 0) bits |= (states[before + i - 1] << 2) & swapBits;
          }
          bits &= full;
          states[at + i] = bits;
          lower = bits;
        }
        // `lower` is now the budget's level.
        const within = (lower & wordEnd) !== 0;
        if (within && p >= m) {
          // Every token starting with this prefix matches.
          out.push(this.lo[node], this.hi[node]);
          continue;
        }
        if (lower === 0 || p >= maxDepth) continue;
        const lo = this.lo[node];
        // The token ending here (the first of the node's range when it is as long as the path).
        if (within && this.tokens[lo].length === p) out.push(lo, lo + 1);
        const mark = stack.length;
        if (levels > 1 && states[at + levels - 2] !== 0) {
          // One edit left in hand: every child stays within the budget (an insertion).
          for (let c = this.firstChild[node]; c >= 0; c = this.nextSibling[c]) stack.push(c);
        } else {
          // Within the budget only with no edit left: a child stays only where its letter is
          // the next one of a state (a match), so the others are not pushed to be popped and
          // dropped. (A child a swap would keep is kept by a match too: the swap's first
          // letter, matched after an insertion, costs no more.)
          const last = states[at + levels - 1] << 1;
          for (let c = this.firstChild[node]; c >= 0; c = this.nextSibling[c]) {
            if ((last & letterBits[this.code[c]]) !== 0) stack.push(c);
          }
        }
        // Reverse the children just pushed, so the first is popped first.
        for (let a = mark, b = stack.length - 1; a < b; a++, b--) {
          const kept = stack[a];
          stack[a] = stack[b];
          stack[b] = kept;
        }
      }
    } finally {
      for (let j = 1; j <= m; j++) letterBits[word.charCodeAt(j - 1)] = 0;
    }
    return out;
  }

  /** ranges() by the edit-distance rows, a band of 2 × budget + 1 cells a node. */
  private rangesByRows(word: string, budget: number): number[] {
    const m = word.length;
    const width = m + 1;
    const maxDepth = m + budget + 1;
    const rows = new Int32Array(width * (maxDepth + 1));
    for (let j = 0; j <= m; j++) rows[j] = j;
    // pathCode[d] = the character at depth d of the current path (rows of depth < p and
    // pathCode entries below p stay those of the current node's ancestors: depth-first).
    const pathCode = new Uint16Array(maxDepth + 1);
    const out: number[] = [];
    // Depth-first, children in order, so ranges come out ascending.
    const stack: number[] = [];
    // The first letter must be right (Elasticsearch's prefix_length 1): people rarely
    // mistype it, and it keeps the walk inside one subtree.
    const first = word.charCodeAt(0);
    for (let c = this.firstChild[0]; c >= 0; c = this.nextSibling[c]) if (this.code[c] === first) stack.push(c);
    const far = budget + 1;
    while (stack.length > 0) {
      const node = stack.pop() ?? 0;
      const p = this.depth[node];
      const code = this.code[node];
      const prev = (p - 1) * width;
      const row = p * width;
      const before = (p - 2) * width;
      const previousCode = p >= 2 ? pathCode[p - 1] : -1;
      pathCode[p] = code;
      rows[row] = p;
      // Only the band |p - j| <= budget can hold a distance within the budget.
      const from = Math.max(1, p - budget);
      const to = Math.min(m, p + budget);
      if (from > 1) rows[row + from - 1] = far;
      let least = from === 1 ? p : far;
      for (let j = from; j <= to; j++) {
        const sub = rows[prev + j - 1] + (word.charCodeAt(j - 1) === code ? 0 : 1);
        const del = j <= p - 1 + budget ? rows[prev + j] + 1 : far;
        const ins = rows[row + j - 1] + 1;
        let d = Math.min(sub, del, ins);
        // Swap: this character and the previous one are the word's two previous, reversed.
        // Row p - 2's band is this band shifted by two, so the cell read is always set.
        if (j >= 2 && code === word.charCodeAt(j - 2) && previousCode === word.charCodeAt(j - 1)) {
          const swap = rows[before + j - 2] + 1;
          if (swap < d) d = swap;
        }
        rows[row + j] = d;
        if (d < least) least = d;
      }
      if (to < m) rows[row + to + 1] = far;
      const distance = to === m ? rows[row + m] : far;
      if (distance <= budget && p >= m) {
        // Every token starting with this prefix matches.
        out.push(this.lo[node], this.hi[node]);
        continue;
      }
      if (least > budget || p >= maxDepth) continue;
      const lo = this.lo[node];
      // The token ending here (the first of the node's range when it is as long as the path).
      if (distance <= budget && this.tokens[lo].length === p) out.push(lo, lo + 1);
      const mark = stack.length;
      for (let c = this.firstChild[node]; c >= 0; c = this.nextSibling[c]) stack.push(c);
      // Reverse the children just pushed, so the first is popped first.
      for (let a = mark, b = stack.length - 1; a < b; a++, b--) [stack[a], stack[b]] = [stack[b], stack[a]];
    }
    return out;
  }
}

/**
 * Edit distance between a and b as the trie walk counts it (insert, delete, substitute, swap
 * two adjacent characters: optimal string alignment), over UTF-16 code units, stopping early
 * above `cap`.
 */
export function editDistance(a: string, b: string, cap = Infinity): number {
  if (Math.abs(a.length - b.length) > cap) return cap + 1;
  let older = new Int32Array(b.length + 1);
  let prev = new Int32Array(b.length + 1);
  let cur = new Int32Array(b.length + 1);
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let least = i;
    for (let j = 1; j <= b.length; j++) {
      const sub = prev[j - 1] + (a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1);
      let d = Math.min(sub, prev[j] + 1, cur[j - 1] + 1);
      if (
        i >= 2 &&
        j >= 2 &&
        a.charCodeAt(i - 1) === b.charCodeAt(j - 2) &&
        a.charCodeAt(i - 2) === b.charCodeAt(j - 1)
      )
        d = Math.min(d, older[j - 2] + 1);
      cur[j] = d;
      if (d < least) least = d;
    }
    // Still sound with swaps: a swap cell is one more than the cell two rows back, and the
    // previous row's diagonal is at most that, so once a whole row is above the cap, every
    // later row is too.
    if (least > cap) return cap + 1;
    [older, prev, cur] = [prev, cur, older];
  }
  return prev[b.length];
}
