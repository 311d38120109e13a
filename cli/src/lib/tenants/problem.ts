import type { Problem, Severity } from './types.js';

/** A 1-based line and column in the tenant file. */
export interface Position {
  line: number;
  column: number;
}

/** Where the value at a JSON pointer is, and for an object member where its key is. */
export interface Located {
  value: Position;
  key?: Position;
}

const START: Position = { line: 1, column: 1 };

/** RFC 6901: "~" and "/" inside a key are escaped so the pointer stays unambiguous. */
export const escapePointer = (key: string): string => key.replaceAll('~', '~0').replaceAll('/', '~1');

export interface ProblemInput {
  pointer: string;
  keyword: string;
  message: string;
  suggestion?: string | null;
  severity?: Severity;
  /** Point at the member's key rather than its value (unknown, duplicate or forbidden keys). */
  atKey?: boolean;
  /** An explicit position, for problems found before there is a tree (syntax errors, nesting). */
  position?: Position;
}

/**
 * Collects the problems of one tenant file. Positions come from the parsed tree; a pointer with no node (a
 * missing property, a default colour) takes the position of its nearest ancestor that exists. A file read
 * without positions (parse.ts: JSON.parse, where the tree's positions cost more than the whole read) gives the
 * sink a way to work them out, which runs only when the first problem needs a position.
 */
export class ProblemSink {
  readonly problems: Problem[] = [];
  private located: Map<string, Located> | undefined = new Map();
  private findLocations: (() => Map<string, Located>) | undefined;

  constructor(readonly file: string) {}

  /** Every position known, by pointer: the tree's, worked out now if they were left for later. */
  get locations(): Map<string, Located> {
    return (this.located ??= this.findLocations?.() ?? new Map());
  }

  /** Positions left for later: `find` runs at the first problem that needs one, if any does. */
  locateLater(find: () => Map<string, Located>): void {
    this.located = undefined;
    this.findLocations = find;
  }

  locate(pointer: string, atKey = false): Position {
    for (let current = pointer; ; current = current.slice(0, current.lastIndexOf('/'))) {
      const found = this.locations.get(current);
      if (found) return (current === pointer && atKey && found.key) || found.value;
      if (current === '') return START;
    }
  }

  add(input: ProblemInput): void {
    const { line, column } = input.position ?? this.locate(input.pointer, input.atKey);
    this.problems.push({
      file: this.file,
      pointer: input.pointer,
      line,
      column,
      keyword: input.keyword,
      message: input.message,
      suggestion: input.suggestion ?? null,
      severity: input.severity ?? 'error',
    });
  }

  /**
   * Drops every position but those of the given pointers (and the root): once a file is checked, only a few
   * problems can still come (a clash of its id or domain with another tenant), and a fleet of 10,000 files
   * would otherwise hold a position for every value of every file until the last one is read. Positions not yet
   * worked out stay so: the text they come from is smaller than its tree.
   */
  keepLocations(pointers: readonly string[]): void {
    const keep = (all: Map<string, Located>) => {
      const kept = new Map<string, Located>();
      for (const pointer of ['', ...pointers]) {
        const found = all.get(pointer);
        if (found) kept.set(pointer, found);
      }
      return kept;
    };
    const find = this.findLocations;
    if (this.located) this.located = keep(this.located);
    else if (find) this.findLocations = () => keep(find());
  }

  get hasErrors(): boolean {
    return this.problems.some((problem) => problem.severity === 'error');
  }
}
