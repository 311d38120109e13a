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
 * missing property, a default colour) takes the position of its nearest ancestor that exists.
 */
export class ProblemSink {
  readonly problems: Problem[] = [];
  locations = new Map<string, Located>();

  constructor(readonly file: string) {}

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
   * would otherwise hold a position for every value of every file until the last one is read.
   */
  keepLocations(pointers: readonly string[]): void {
    const kept = new Map<string, Located>();
    for (const pointer of ['', ...pointers]) {
      const found = this.locations.get(pointer);
      if (found) kept.set(pointer, found);
    }
    this.locations = kept;
  }

  get hasErrors(): boolean {
    return this.problems.some((problem) => problem.severity === 'error');
  }
}
