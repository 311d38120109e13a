import { tokenize } from '@humanwhocodes/momoa';
import { escapePointer, type Position } from './problem.js';

/** What the parser was waiting for in an open object or list, after the tokens read so far. */
type Frame =
  | { kind: 'object'; key: string | null; state: 'key' | 'colon' | 'value' | 'after' }
  | { kind: 'array'; index: number; state: 'value' | 'after' };

export interface SyntaxDiagnosis {
  /** The JSON pointer of the value being read when the error struck. */
  pointer: string;
  /**
   * What was missing and where it belonged, when the tokens say so (a comma forgotten after a value is found
   * only at the next key, but belongs right after the value); null leaves the parser's own words.
   */
  expected: { message: string; position: Position } | null;
}

const keyOf = (stack: Frame[], depth: number): string | null => {
  const frame = stack[depth];
  return frame?.kind === 'object' ? frame.key : null;
};

/**
 * Replays the tokens before a syntax error through a small bracket-and-key state machine, so even "not JSON"
 * names where, and often what: the pointer of the value being read, and what the parser expected next. When even
 * those tokens do not tokenize (the error is inside an unterminated string) the answer is the root, "".
 */
export function diagnoseSyntaxError(text: string, offset: number): SyntaxDiagnosis {
  let tokens;
  try {
    // Only the text before the error: whatever broke the parser cannot break the tokenizer there.
    tokens = tokenize(text.slice(0, offset), { mode: 'json' });
  } catch {
    return { pointer: '', expected: null };
  }
  const stack: Frame[] = [];
  const valueDone = () => {
    const top = stack.at(-1);
    if (top) top.state = 'after';
  };
  for (const token of tokens) {
    const top = stack.at(-1);
    switch (token.type) {
      case 'LBrace':
        stack.push({ kind: 'object', key: null, state: 'key' });
        break;
      case 'LBracket':
        stack.push({ kind: 'array', index: 0, state: 'value' });
        break;
      case 'RBrace':
      case 'RBracket':
        stack.pop();
        valueDone();
        break;
      case 'Comma':
        if (top?.kind === 'object') top.state = 'key';
        else if (top?.kind === 'array') [top.index, top.state] = [top.index + 1, 'value'];
        break;
      case 'Colon':
        if (top?.kind === 'object') top.state = 'value';
        break;
      case 'String':
        if (top?.kind === 'object' && top.state === 'key') {
          top.key = JSON.parse(text.slice(token.loc.start.offset, token.loc.end.offset)) as string;
          top.state = 'colon';
        } else valueDone();
        break;
      default:
        valueDone();
        break;
    }
  }
  const pointer = stack
    .flatMap((frame) =>
      frame.kind === 'array' ? [String(frame.index)] : frame.key === null ? [] : [frame.key],
    )
    .map((part) => `/${escapePointer(part)}`)
    .join('');
  const top = stack.at(-1);
  const last = tokens.at(-1);
  if (!top || !last) return { pointer, expected: null };
  // Right after the last token read: where the missing ',' or ':' belongs, not where the parser noticed.
  const after = { line: last.loc.end.line, column: last.loc.end.column };
  const found = text.slice(offset).trimStart()[0];
  const expected = (message: string, position: Position = after) => ({
    pointer,
    expected: { message, position },
  });
  if (top.kind === 'object') {
    if (top.state === 'after') return expected(`expected ',' or '}' after the value of "${top.key}"`);
    if (top.state === 'colon') return expected(`expected ':' after the key "${top.key}"`);
    if (top.state === 'key' && top.key !== null && found === '}' && last.type === 'Comma') {
      return expected(`a ',' before '}' is not allowed in JSON`, {
        line: last.loc.start.line,
        column: last.loc.start.column,
      });
    }
  } else if (top.state === 'after') {
    const list = keyOf(stack, stack.length - 2);
    return expected(
      `expected ',' or ']' after item ${top.index + 1}${list === null ? ' of the list' : ` of "${list}"`}`,
    );
  } else if (top.index > 0 && found === ']' && last.type === 'Comma') {
    return expected(`a ',' before ']' is not allowed in JSON`, {
      line: last.loc.start.line,
      column: last.loc.start.column,
    });
  }
  return { pointer, expected: null };
}

/** The JSON pointer of the value being read at offset (see diagnoseSyntaxError). */
export const pointerAtOffset = (text: string, offset: number): string =>
  diagnoseSyntaxError(text, offset).pointer;
