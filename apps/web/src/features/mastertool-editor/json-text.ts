// Where a JSON text goes wrong, by line: the first syntax error from jsonc-parser's strict parse, and a
// draft problem's path found in the text's tree, so the operator reads the line next to the message.
import { findNodeAtLocation, parseTree, printParseErrorCode, type ParseError } from 'jsonc-parser';

export interface TextPlace {
  line: number;
  column: number;
}

/** Line and column (both from 1) of an offset. */
export function placeOf(text: string, offset: number): TextPlace {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

/** The syntax errors the editor words; any other is `other`. */
export const SYNTAX_CODES = [
  'CommaExpected',
  'ColonExpected',
  'CloseBraceExpected',
  'CloseBracketExpected',
  'PropertyNameExpected',
  'ValueExpected',
  'EndOfFileExpected',
  'UnexpectedEndOfString',
  'InvalidSymbol',
] as const;
export type SyntaxCode = (typeof SYNTAX_CODES)[number] | 'other';

export interface SyntaxProblem extends TextPlace {
  code: SyntaxCode;
}

const STRICT = { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false };

function codeOf(error: ParseError): SyntaxCode {
  const name = printParseErrorCode(error.error);
  return (SYNTAX_CODES as readonly string[]).includes(name) ? (name as SyntaxCode) : 'other';
}

/** The first syntax error of a JSON text; null when it is JSON (what `JSON.parse` accepts). */
export function syntaxProblem(text: string): SyntaxProblem | null {
  const errors: ParseError[] = [];
  parseTree(text, errors, STRICT);
  const first = errors[0];
  if (first) return { ...placeOf(text, first.offset), code: codeOf(first) };
  try {
    JSON.parse(text);
    return null;
  } catch {
    return { line: 1, column: 1, code: 'other' };
  }
}

/**
 * The line where the value at `segments` starts (its key's line for a property). A path that is not in
 * the text (a required key that is missing) is placed at the nearest enclosing value that is.
 */
export function lineOfPath(text: string, segments: readonly (string | number)[]): number | null {
  const tree = parseTree(text, [], STRICT);
  if (!tree) return null;
  for (let n = segments.length; n >= 0; n--) {
    const node = findNodeAtLocation(tree, segments.slice(0, n) as (string | number)[]);
    if (!node) continue;
    const start = node.parent?.type === 'property' ? node.parent.offset : node.offset;
    return placeOf(text, start).line;
  }
  return null;
}
