// A small XPath 1.0 subset over the twin's view tree, enough for what Appium clients write:
// absolute and `//` paths, `*`, `..`, `.`, predicates with @attr, text(), =, !=, and/or/not,
// contains(), starts-with(), normalize-space(), string-length(), position(), last(), numbers.
import { attributes } from './tree.js';

/** @typedef {import('./tree.js').UiNode} UiNode */

const TOKEN = /\s*(\/\/|\/|\[|\]|\(|\)|@|,|\||!=|<=|>=|=|<|>|\*|\.\.|\.|"[^"]*"|'[^']*'|\d+(?:\.\d+)?|[A-Za-z_][\w.\-:]*)/y;

function tokenize(src) {
  const out = [];
  TOKEN.lastIndex = 0;
  let pos = 0;
  while (pos < src.length) {
    if (/^\s*$/.test(src.slice(pos))) break;
    TOKEN.lastIndex = pos;
    const m = TOKEN.exec(src);
    if (!m) throw new XPathError(`unexpected character at ${pos} in ${src}`);
    out.push(m[1]);
    pos = TOKEN.lastIndex;
  }
  return out;
}

export class XPathError extends Error {}

/**
 * @param {string} expr
 * @param {UiNode} root  the hierarchy element (a synthetic node with cls 'hierarchy')
 * @param {UiNode} [context]
 * @returns {UiNode[]}
 */
export function evaluateXPath(expr, root, context = root) {
  const p = new Parser(tokenize(expr));
  const ast = p.union();
  if (!p.done()) throw new XPathError(`unexpected "${p.peek()}" in ${expr}`);
  const result = evalUnion(ast, root, context);
  if (!Array.isArray(result)) throw new XPathError(`${expr} does not select elements`);
  const order = new Map();
  let i = 0;
  const walk = (n) => {
    order.set(n, i++);
    for (const c of n.children ?? []) walk(c);
  };
  walk(root);
  return [...new Set(result)].filter((n) => n !== root.__doc).sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
}

class Parser {
  constructor(tokens) {
    this.t = tokens;
    this.i = 0;
  }
  peek(k = 0) {
    return this.t[this.i + k];
  }
  next() {
    return this.t[this.i++];
  }
  done() {
    return this.i >= this.t.length;
  }
  expect(tok) {
    const got = this.next();
    if (got !== tok) throw new XPathError(`expected "${tok}" but got "${got ?? 'end'}"`);
  }
  union() {
    const paths = [this.orExpr()];
    while (this.peek() === '|') {
      this.next();
      paths.push(this.orExpr());
    }
    return paths.length === 1 ? paths[0] : { type: 'union', paths };
  }
  orExpr() {
    let left = this.andExpr();
    while (this.peek() === 'or') {
      this.next();
      left = { type: 'or', left, right: this.andExpr() };
    }
    return left;
  }
  andExpr() {
    let left = this.cmpExpr();
    while (this.peek() === 'and') {
      this.next();
      left = { type: 'and', left, right: this.cmpExpr() };
    }
    return left;
  }
  cmpExpr() {
    const left = this.primary();
    const op = this.peek();
    if (['=', '!=', '<', '>', '<=', '>='].includes(op)) {
      this.next();
      return { type: 'cmp', op, left, right: this.primary() };
    }
    return left;
  }
  primary() {
    const tok = this.peek();
    if (tok === undefined) throw new XPathError('unexpected end of expression');
    if (tok === '(') {
      this.next();
      const e = this.orExpr();
      this.expect(')');
      return e;
    }
    if (tok[0] === '"' || tok[0] === "'") {
      this.next();
      return { type: 'lit', value: tok.slice(1, -1) };
    }
    if (/^\d/.test(tok)) {
      this.next();
      return { type: 'num', value: Number(tok) };
    }
    if (tok === '@') {
      this.next();
      return { type: 'attr', name: this.next() };
    }
    if (/^[A-Za-z_]/.test(tok) && this.peek(1) === '(' && !['text', 'node'].includes(tok)) {
      this.next();
      this.next();
      const args = [];
      while (this.peek() !== ')') {
        args.push(this.union());
        if (this.peek() === ',') this.next();
      }
      this.next();
      return { type: 'fn', name: tok, args };
    }
    if (tok === 'text' && this.peek(1) === '(') {
      this.next();
      this.next();
      this.expect(')');
      return { type: 'attr', name: 'text' };
    }
    return this.path();
  }
  path() {
    const steps = [];
    let absolute = false;
    if (this.peek() === '/' || this.peek() === '//') {
      absolute = true;
    }
    let axis = 'child';
    if (!absolute) steps.push(this.step('child'));
    while (this.peek() === '/' || this.peek() === '//') {
      axis = this.next() === '//' ? 'descendant' : 'child';
      steps.push(this.step(axis));
    }
    return { type: 'path', absolute, steps };
  }
  step(axis) {
    const tok = this.next();
    if (tok === '.') return { axis: 'self', test: '*', preds: [] };
    if (tok === '..') return { axis: 'parent', test: '*', preds: [] };
    if (tok === '@') return { axis: 'attribute', test: this.next(), preds: [] };
    if (tok !== '*' && !/^[A-Za-z_]/.test(tok ?? '')) throw new XPathError(`bad step "${tok}"`);
    let test = tok;
    if (tok === 'node' && this.peek() === '(') {
      this.next();
      this.expect(')');
      test = '*';
    }
    const preds = [];
    while (this.peek() === '[') {
      this.next();
      preds.push(this.orExpr());
      this.expect(']');
    }
    return { axis, test, preds };
  }
}

const kids = (n) => n.children ?? [];
function descendantsOrSelf(n, out = []) {
  out.push(n);
  for (const c of kids(n)) descendantsOrSelf(c, out);
  return out;
}
const attrOf = (n, name) => (n.cls === 'hierarchy' ? undefined : attributes(n)[name]);

function evalUnion(ast, root, ctx, pos = 1, size = 1) {
  if (ast.type === 'union') return ast.paths.flatMap((p) => evalUnion(p, root, ctx));
  return evalExpr(ast, root, ctx, pos, size);
}

function evalPath(ast, root, ctx) {
  // the document node sits above <hierarchy>
  const doc = root.__doc ?? (root.__doc = { cls: '#document', children: [root] });
  let set = ast.absolute ? [doc] : [ctx];
  for (const step of ast.steps) {
    const next = [];
    for (const n of set) {
      let cands;
      if (step.axis === 'self') cands = [n];
      else if (step.axis === 'parent') cands = n.parent ? [n.parent] : n === root ? [] : [root];
      else if (step.axis === 'attribute') {
        const v = attrOf(n, step.test);
        if (v !== undefined) next.push({ attrValue: v });
        continue;
      } else if (step.axis === 'child') cands = kids(n);
      else {
        // descendant-or-self::node()/child::test, predicates per parent
        for (const d of descendantsOrSelf(n)) {
          next.push(...filter(kids(d), step, root));
        }
        continue;
      }
      next.push(...filter(cands, step, root));
    }
    set = next;
  }
  return set;
}

function filter(cands, step, root) {
  let out = cands.filter((c) => step.test === '*' || c.cls === step.test);
  for (const pred of step.preds) {
    const size = out.length;
    out = out.filter((c, i) => {
      const v = evalExpr(pred, root, c, i + 1, size);
      return typeof v === 'number' ? v === i + 1 : truthy(v);
    });
  }
  return out;
}

const truthy = (v) => (Array.isArray(v) ? v.length > 0 : typeof v === 'string' ? v.length > 0 : typeof v === 'number' ? v !== 0 : !!v);
const str = (v) => {
  if (Array.isArray(v)) {
    const first = v[0];
    if (first === undefined) return '';
    if (first.attrValue !== undefined) return first.attrValue;
    return attrOf(first, 'text') ?? '';
  }
  return v === undefined ? '' : String(v);
};

function evalExpr(ast, root, ctx, pos, size) {
  switch (ast.type) {
    case 'lit':
      return ast.value;
    case 'num':
      return ast.value;
    case 'attr':
      return attrOf(ctx, ast.name) ?? '';
    case 'path':
      return evalPath(ast, root, ctx);
    case 'or':
      return truthy(evalExpr(ast.left, root, ctx, pos, size)) || truthy(evalExpr(ast.right, root, ctx, pos, size));
    case 'and':
      return truthy(evalExpr(ast.left, root, ctx, pos, size)) && truthy(evalExpr(ast.right, root, ctx, pos, size));
    case 'cmp': {
      const l = evalExpr(ast.left, root, ctx, pos, size);
      const r = evalExpr(ast.right, root, ctx, pos, size);
      const ls = Array.isArray(l) ? l.map((x) => str([x])) : [l];
      const rs = Array.isArray(r) ? r.map((x) => str([x])) : [r];
      return ls.some((a) =>
        rs.some((b) => {
          const numeric = typeof a === 'number' || typeof b === 'number' || ['<', '>', '<=', '>='].includes(ast.op);
          const x = numeric ? Number(a) : String(a);
          const y = numeric ? Number(b) : String(b);
          switch (ast.op) {
            case '=':
              return x === y;
            case '!=':
              return x !== y;
            case '<':
              return x < y;
            case '>':
              return x > y;
            case '<=':
              return x <= y;
            default:
              return x >= y;
          }
        }),
      );
    }
    case 'fn': {
      const a = ast.args.map((arg) => evalUnion(arg, root, ctx, pos, size));
      switch (ast.name) {
        case 'contains':
          return str(a[0]).includes(str(a[1]));
        case 'starts-with':
          return str(a[0]).startsWith(str(a[1]));
        case 'ends-with':
          return str(a[0]).endsWith(str(a[1]));
        case 'not':
          return !truthy(a[0]);
        case 'normalize-space':
          return str(a.length ? a[0] : [ctx]).trim().replace(/\s+/g, ' ');
        case 'string-length':
          return str(a.length ? a[0] : [ctx]).length;
        case 'string':
          return str(a[0]);
        case 'lower-case':
          return str(a[0]).toLowerCase();
        case 'position':
          return pos;
        case 'last':
          return size;
        case 'count':
          return Array.isArray(a[0]) ? a[0].length : 0;
        case 'true':
          return true;
        case 'false':
          return false;
        default:
          throw new XPathError(`unsupported function ${ast.name}()`);
      }
    }
    default:
      throw new XPathError(`unsupported expression ${ast.type}`);
  }
}
