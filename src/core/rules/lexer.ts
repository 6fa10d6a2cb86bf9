// FlowRule lexer: turns rule text into tokens with line:col positions.
export type TokenKind = 'ident' | 'string' | 'number' | 'duration' | 'regex' | 'punct' | 'op' | 'eof';

export interface Token {
  kind: TokenKind;
  text: string;
  value: string | number;
  line: number;
  col: number;
}

export interface SyntaxProblem {
  line: number;
  col: number;
  message: string;
}

const DURATION_UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

export function tokenize(text: string): { tokens: Token[]; problems: SyntaxProblem[] } {
  const tokens: Token[] = [];
  const problems: SyntaxProblem[] = [];
  let i = 0;
  let line = 1;
  let col = 1;
  const advance = (n: number) => {
    for (let k = 0; k < n; k++) {
      if (text[i] === '\n') {
        line++;
        col = 1;
      } else {
        col++;
      }
      i++;
    }
  };
  while (i < text.length) {
    const c = text[i];
    if (c === ' ' || c === '\t' || c === '\r' || c === '\n') {
      advance(1);
      continue;
    }
    if (c === '#') {
      while (i < text.length && text[i] !== '\n') advance(1);
      continue;
    }
    const startLine = line;
    const startCol = col;
    if (c === '"') {
      let j = i + 1;
      let value = '';
      let closed = false;
      while (j < text.length) {
        const d = text[j];
        if (d === '\\' && j + 1 < text.length) {
          const e = text[j + 1];
          value += e === 'n' ? '\n' : e === 't' ? '\t' : e;
          j += 2;
          continue;
        }
        if (d === '"') {
          closed = true;
          break;
        }
        if (d === '\n') break;
        value += d;
        j++;
      }
      if (!closed) {
        problems.push({ line: startLine, col: startCol, message: 'unterminated string' });
        advance(j - i);
        continue;
      }
      tokens.push({ kind: 'string', text: text.slice(i, j + 1), value, line: startLine, col: startCol });
      advance(j + 1 - i);
      continue;
    }
    if (c === '/' && tokens.length > 0 && tokens[tokens.length - 1].kind === 'ident' && tokens[tokens.length - 1].value === 'matches') {
      let j = i + 1;
      while (j < text.length && text[j] !== '/' && text[j] !== '\n') j += text[j] === '\\' ? 2 : 1;
      if (text[j] !== '/') {
        problems.push({ line: startLine, col: startCol, message: 'unterminated regular expression' });
        advance(j - i);
        continue;
      }
      let k = j + 1;
      while (k < text.length && /[a-z]/.test(text[k])) k++;
      tokens.push({ kind: 'regex', text: text.slice(i, k), value: text.slice(i, k), line: startLine, col: startCol });
      advance(k - i);
      continue;
    }
    const num = /^-?\d+(\.\d+)?(ms|s|m|h)?/.exec(text.slice(i, i + 32));
    if (num && (c !== '-' || /\d/.test(text[i + 1] ?? ''))) {
      const unit = num[2];
      const n = Number(num[0].slice(0, unit ? -unit.length : undefined));
      if (unit) tokens.push({ kind: 'duration', text: num[0], value: n * DURATION_UNITS[unit], line: startLine, col: startCol });
      else tokens.push({ kind: 'number', text: num[0], value: n, line: startLine, col: startCol });
      advance(num[0].length);
      continue;
    }
    const ident = /^[A-Za-z_*][\w.*-]*/.exec(text.slice(i, i + 256));
    if (ident) {
      tokens.push({ kind: 'ident', text: ident[0], value: ident[0], line: startLine, col: startCol });
      advance(ident[0].length);
      continue;
    }
    const op = /^(==|!=|>=|<=|>|<)/.exec(text.slice(i, i + 2));
    if (op) {
      tokens.push({ kind: 'op', text: op[0], value: op[0], line: startLine, col: startCol });
      advance(op[0].length);
      continue;
    }
    if ('()[],'.includes(c)) {
      tokens.push({ kind: 'punct', text: c, value: c, line: startLine, col: startCol });
      advance(1);
      continue;
    }
    problems.push({ line: startLine, col: startCol, message: `unexpected character "${c}"` });
    advance(1);
  }
  tokens.push({ kind: 'eof', text: '', value: '', line, col });
  return { tokens, problems };
}
