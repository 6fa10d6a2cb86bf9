// FlowRule parser: tokens → RuleNode[], with errors located at file:line:col.
import type { Comparator, Expr, Pos, RuleAction, RuleNode, RuleOutcome, Value } from './ast';
import { tokenize, type Token } from './lexer';

export interface RuleError {
  file: string;
  line: number;
  col: number;
  code: 'rule_syntax' | 'rule_invalid';
  message: string;
}

const ACTIONS: RuleAction[] = ['allow', 'deny', 'ask', 'approve'];
const COMPARATORS = new Set(['==', '!=', '>=', '<=', '>', '<']);

class ParseError extends Error {
  constructor(readonly token: Token, message: string) {
    super(message);
  }
}

class Parser {
  private i = 0;
  constructor(private readonly tokens: Token[], private readonly file: string) {}

  private peek(offset = 0): Token {
    return this.tokens[Math.min(this.i + offset, this.tokens.length - 1)];
  }

  private next(): Token {
    const t = this.peek();
    if (t.kind !== 'eof') this.i++;
    return t;
  }

  private isWord(word: string, offset = 0): boolean {
    const t = this.peek(offset);
    return t.kind === 'ident' && t.value === word;
  }

  private expectWord(word: string): Token {
    const t = this.next();
    if (t.kind !== 'ident' || t.value !== word) throw new ParseError(t, `expected "${word}" but found ${describe(t)}`);
    return t;
  }

  private expectPunct(p: string): Token {
    const t = this.next();
    if (t.kind !== 'punct' || t.value !== p) throw new ParseError(t, `expected "${p}" but found ${describe(t)}`);
    return t;
  }

  private pos(t: Token): Pos {
    return { line: t.line, col: t.col };
  }

  atEnd(): boolean {
    return this.peek().kind === 'eof';
  }

  /** Skips to the next `rule` keyword after an error so later rules are still checked. */
  recover(): void {
    while (!this.atEnd() && !(this.isWord('rule') && this.peek().col === 1)) this.next();
    if (!this.atEnd() && this.isWord('rule') && this.i > 0) return;
  }

  rule(): RuleNode {
    const start = this.expectWord('rule');
    const idTok = this.next();
    if (idTok.kind !== 'ident') throw new ParseError(idTok, `expected a rule id after "rule" but found ${describe(idTok)}`);
    let priority = 0;
    let tier: RuleNode['tier'] = 'T2';
    for (;;) {
      if (this.isWord('priority')) {
        this.next();
        const n = this.next();
        if (n.kind !== 'number' || !Number.isInteger(n.value)) throw new ParseError(n, `priority must be a whole number, found ${describe(n)}`);
        priority = n.value as number;
      } else if (this.isWord('tier')) {
        this.next();
        const t = this.next();
        if (t.kind !== 'ident' || !['T2', 'T3', 'T4'].includes(t.value as string)) throw new ParseError(t, `tier must be T2, T3 or T4 (T1 is the built-in structural and scope check), found ${describe(t)}`);
        tier = t.value as RuleNode['tier'];
      } else {
        break;
      }
    }
    this.expectWord('when');
    const when = this.expr();
    this.expectWord('then');
    const then = this.outcome();
    let otherwise: RuleOutcome | undefined;
    if (this.isWord('else')) {
      this.next();
      otherwise = this.outcome();
    }
    return { id: idTok.value as string, priority, tier, when, then, else: otherwise, file: this.file, pos: this.pos(start) };
  }

  private outcome(): RuleOutcome {
    const t = this.next();
    if (t.kind !== 'ident' || !ACTIONS.includes(t.value as RuleAction)) throw new ParseError(t, `expected allow, deny, ask or approve but found ${describe(t)}`);
    let reason = '';
    if (this.peek().kind === 'string') reason = this.next().value as string;
    return { action: t.value as RuleAction, reason, pos: this.pos(t) };
  }

  private expr(): Expr {
    let left = this.andExpr();
    while (this.isWord('or')) {
      const t = this.next();
      left = { type: 'or', left, right: this.andExpr(), pos: this.pos(t) };
    }
    return left;
  }

  private andExpr(): Expr {
    let left = this.unary();
    while (this.isWord('and')) {
      const t = this.next();
      left = { type: 'and', left, right: this.unary(), pos: this.pos(t) };
    }
    return left;
  }

  private unary(): Expr {
    if (this.isWord('not')) {
      const t = this.next();
      return { type: 'not', expr: this.unary(), pos: this.pos(t) };
    }
    return this.primary();
  }

  private value(): Value {
    const t = this.next();
    if (t.kind === 'string' || t.kind === 'number' || t.kind === 'duration') return t.value;
    if (t.kind === 'ident') return t.value === 'true' ? true : t.value === 'false' ? false : t.value;
    throw new ParseError(t, `expected a value but found ${describe(t)}`);
  }

  private list(): Value[] {
    this.expectPunct('[');
    const values: Value[] = [];
    if (this.peek().kind === 'punct' && this.peek().value === ']') {
      this.next();
      return values;
    }
    for (;;) {
      values.push(this.value());
      const t = this.next();
      if (t.kind === 'punct' && t.value === ']') return values;
      if (!(t.kind === 'punct' && t.value === ',')) throw new ParseError(t, `expected "," or "]" in a list but found ${describe(t)}`);
    }
  }

  private comparator(): Comparator {
    const t = this.next();
    if (t.kind !== 'op' || !COMPARATORS.has(t.value as string)) throw new ParseError(t, `expected a comparison (>, >=, <, <=, ==, !=) but found ${describe(t)}`);
    return t.value as Comparator;
  }

  private primary(): Expr {
    const t = this.peek();
    if (t.kind === 'punct' && t.value === '(') {
      this.next();
      const e = this.expr();
      this.expectPunct(')');
      return e;
    }
    if (t.kind !== 'ident') throw new ParseError(t, `expected a condition but found ${describe(t)}`);
    const pos = this.pos(t);
    if (t.value === 'true' || t.value === 'false') {
      this.next();
      return { type: 'const', value: t.value === 'true', pos };
    }
    if ((t.value === 'payload' || t.value === 'target') && this.isWord('carries', 1)) {
      this.next();
      this.next();
      const labels = this.peek().kind === 'punct' && this.peek().value === '[' ? this.list().map(String) : [String(this.value())];
      return { type: 'carries', what: t.value as 'payload' | 'target', labels, pos };
    }
    if (t.value === 'agent' && this.isWord('has', 1)) {
      this.next();
      this.next();
      this.expectWord('scope');
      const s = this.next();
      if (s.kind !== 'string' && s.kind !== 'ident') throw new ParseError(s, `expected a scope like "email.send" but found ${describe(s)}`);
      return { type: 'scope', scope: String(s.value), pos };
    }
    if (t.value === 'count' && this.peek(1).kind === 'punct' && this.peek(1).value === '(') {
      this.next();
      this.expectPunct('(');
      const inner = this.expr();
      this.expectPunct(')');
      this.expectWord('within');
      const d = this.next();
      if (d.kind !== 'duration') throw new ParseError(d, `expected a window like 60s or 5m after "within" but found ${describe(d)}`);
      const op = this.comparator();
      const n = this.next();
      if (n.kind !== 'number') throw new ParseError(n, `expected a number but found ${describe(n)}`);
      return { type: 'count', expr: inner, windowMs: d.value as number, op, value: n.value as number, pos };
    }
    const field = String(this.next().value);
    if (this.isWord('is')) {
      this.next();
      let negate = false;
      if (this.isWord('not')) {
        this.next();
        negate = true;
      }
      return { type: 'is', field, value: this.value(), negate, pos };
    }
    if (this.isWord('not') && this.isWord('in', 1)) {
      this.next();
      this.next();
      return { type: 'in', field, values: this.list(), negate: true, pos };
    }
    if (this.isWord('in')) {
      this.next();
      return { type: 'in', field, values: this.list(), negate: false, pos };
    }
    if (this.isWord('matches')) {
      this.next();
      const p = this.next();
      if (p.kind !== 'string' && p.kind !== 'regex') throw new ParseError(p, `expected "glob*" or /regex/ after matches but found ${describe(p)}`);
      return { type: 'matches', field, pattern: String(p.value), pos };
    }
    if (this.isWord('contains')) {
      this.next();
      const s = this.next();
      if (s.kind !== 'string') throw new ParseError(s, `expected a "string" after contains but found ${describe(s)}`);
      return { type: 'contains', field, text: s.value as string, pos };
    }
    if (this.peek().kind === 'op') {
      const op = this.comparator();
      const n = this.next();
      if (n.kind !== 'number') throw new ParseError(n, `expected a number after ${op} but found ${describe(n)}`);
      return { type: 'compare', field, op, value: n.value as number, pos };
    }
    const after = this.peek();
    throw new ParseError(after, `expected is, in, matches, contains or a comparison after "${field}" but found ${describe(after)}`);
  }
}

function describe(t: Token): string {
  if (t.kind === 'eof') return 'the end of the file';
  return `"${t.text}"`;
}

export function parseRules(file: string, text: string): { rules: RuleNode[]; errors: RuleError[] } {
  const { tokens, problems } = tokenize(text);
  const errors: RuleError[] = problems.map((p) => ({ file, line: p.line, col: p.col, code: 'rule_syntax', message: p.message }));
  const parser = new Parser(tokens, file);
  const rules: RuleNode[] = [];
  while (!parser.atEnd()) {
    try {
      rules.push(parser.rule());
    } catch (error) {
      if (!(error instanceof ParseError)) throw error;
      errors.push({ file, line: error.token.line, col: error.token.col, code: 'rule_syntax', message: error.message });
      parser.recover();
    }
  }
  return { rules, errors };
}
