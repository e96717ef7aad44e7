// The headers of an answer, staged per request in two plain arrays instead of a WHATWG
// `Headers`, and handed to srvx's FastResponse as [name, value] pairs, which it copies
// into node's raw header list as they are. A `Headers` validates and lower-cases every
// name and value on each `set` and sorts them all again when read; measured in-process,
// the dozen answer headers set that way were about half of the edge's own time a request
// (bench/README.md, "Where the time goes"). Names here are lower-case already (the edge's
// own constants, or names read back from a `Headers`); values are the edge's own or
// checked where they come from the client (the request id, an allowed Origin).

/** What the answer-header concerns need of a header list: a `Headers` is one too. */
export interface HeaderSink {
  get(name: string): string | null;
  has(name: string): boolean;
  set(name: string, value: string): void;
  delete(name: string): void;
}

export class StagedHeaders implements HeaderSink {
  private readonly names: string[] = [];
  private readonly values: string[] = [];

  get(name: string): string | null {
    const at = this.names.indexOf(name.toLowerCase());
    return at === -1 ? null : (this.values[at] as string);
  }

  has(name: string): boolean {
    return this.names.indexOf(name.toLowerCase()) !== -1;
  }

  set(name: string, value: string): void {
    const lower = name.toLowerCase();
    const at = this.names.indexOf(lower);
    if (at === -1) {
      this.names.push(lower);
      this.values.push(value);
    } else this.values[at] = value;
  }

  delete(name: string): void {
    const at = this.names.indexOf(name.toLowerCase());
    if (at === -1) return;
    this.names.splice(at, 1);
    this.values.splice(at, 1);
  }

  /** Takes the entries of `headers` whose names are not staged yet (what was staged later wins). */
  adopt(headers: Headers): void {
    headers.forEach((value, name) => {
      if (!this.names.includes(name)) this.set(name, value);
    });
  }

  /** Writes every staged header onto `headers` (an answer that leaves through h3's own path). */
  applyTo(headers: Headers): void {
    for (let i = 0; i < this.names.length; i++) headers.set(this.names[i] as string, this.values[i] as string);
  }

  /** The [name, value] pairs srvx's FastResponse copies into node's raw header list. */
  entries(): [string, string][] {
    const pairs: [string, string][] = new Array(this.names.length);
    for (let i = 0; i < this.names.length; i++) pairs[i] = [this.names[i] as string, this.values[i] as string];
    return pairs;
  }
}
