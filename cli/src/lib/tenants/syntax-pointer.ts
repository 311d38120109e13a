import { tokenize } from '@humanwhocodes/momoa';
import { escapePointer } from './problem.js';

type Frame = { kind: 'object'; key: string | null; expectKey: boolean } | { kind: 'array'; index: number };

/**
 * The JSON pointer of the value being read when a syntax error struck, so even "not JSON" names where: the
 * tokens before the error are replayed through a small bracket-and-key state machine. When even those do not
 * tokenize (the error is inside an unterminated string) the answer is the root, "".
 */
export function pointerAtOffset(text: string, offset: number): string {
  let tokens;
  try {
    // Only the text before the error: whatever broke the parser cannot break the tokenizer there.
    tokens = tokenize(text.slice(0, offset), { mode: 'json' });
  } catch {
    return '';
  }
  const stack: Frame[] = [];
  for (const token of tokens) {
    const top = stack.at(-1);
    switch (token.type) {
      case 'LBrace':
        stack.push({ kind: 'object', key: null, expectKey: true });
        break;
      case 'LBracket':
        stack.push({ kind: 'array', index: 0 });
        break;
      case 'RBrace':
      case 'RBracket':
        stack.pop();
        break;
      case 'Comma':
        if (top?.kind === 'object') top.expectKey = true;
        else if (top?.kind === 'array') top.index += 1;
        break;
      case 'String':
        if (top?.kind === 'object' && top.expectKey) {
          top.key = JSON.parse(text.slice(token.loc.start.offset, token.loc.end.offset)) as string;
          top.expectKey = false;
        }
        break;
      default:
        break;
    }
  }
  return stack
    .flatMap((frame) =>
      frame.kind === 'array' ? [String(frame.index)] : frame.key === null ? [] : [frame.key],
    )
    .map((part) => `/${escapePointer(part)}`)
    .join('');
}
