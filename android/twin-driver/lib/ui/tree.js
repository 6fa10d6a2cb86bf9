// The twin's view tree: how app screens are described, laid out on a 1080x2400 display and
// serialized as a UiAutomator2-style `<hierarchy>` page source.
import { createHash } from 'node:crypto';

export const SCREEN_W = 1080;
export const SCREEN_H = 2400;
export const STATUS_H = 84;
export const NAV_H = 126;

/**
 * @typedef {object} UiNode
 * @property {string} cls            Android class, e.g. android.widget.Button
 * @property {string} [id]           resource-id (full, `pkg:id/name`)
 * @property {string} [text]
 * @property {string} [desc]         content-desc
 * @property {string} [hint]
 * @property {boolean} [clickable]
 * @property {boolean} [longClickable]
 * @property {boolean} [editable]
 * @property {boolean} [password]
 * @property {boolean} [checkable]
 * @property {boolean} [checked]
 * @property {boolean} [scrollable]
 * @property {boolean} [focused]
 * @property {boolean} [selected]
 * @property {boolean} [enabled]
 * @property {boolean} [horizontal]  lay children out side by side
 * @property {number} [h]            height of a leaf (or fixed height of a container)
 * @property {[number, number, number, number]} [abs] absolute bounds (floating buttons)
 * @property {() => void} [onClick]
 * @property {() => void} [onLongClick]
 * @property {(text: string) => void} [onInput]
 * @property {(direction: 'up' | 'down') => boolean} [onScroll]  returns true when it moved
 * @property {UiNode[]} [children]
 * @property {string} [pkg]          package of the node (set by layout)
 * @property {[number, number, number, number]} [bounds] set by layout
 * @property {string} [path]         index path from the root, set by layout
 * @property {UiNode} [parent]       set by layout
 * @property {number} [index]        index among siblings, set by layout
 */

const DEFAULT_H = {
  'android.widget.EditText': 168,
  'android.widget.Button': 144,
  'android.widget.ImageButton': 144,
  'android.widget.Switch': 160,
  'android.widget.TextView': 120,
  'android.widget.CheckBox': 140,
  'android.view.View': 110,
};

/** @returns {UiNode} */
export function node(cls, props = {}, children = undefined) {
  return { cls, ...props, ...(children ? { children: children.filter(Boolean) } : {}) };
}

export const text = (t, props = {}) => node('android.widget.TextView', { text: t, ...props });
export const button = (label, onClick, props = {}) => node('android.widget.Button', { text: label, clickable: true, onClick, ...props });
export const imageButton = (desc, onClick, props = {}) => node('android.widget.ImageButton', { desc, clickable: true, onClick, ...props });
export const field = (id, value, onInput, props = {}) =>
  node('android.widget.EditText', { id, text: value ?? '', editable: true, clickable: true, onInput, ...props });
export const column = (children, props = {}) => node('android.widget.LinearLayout', props, children);
export const row = (children, props = {}) => node('android.widget.LinearLayout', { horizontal: true, ...props }, children);
export const toggle = (label, checked, onClick, props = {}) =>
  node('android.widget.Switch', { text: label, checkable: true, checked, clickable: true, onClick, ...props });

/**
 * A vertical list that shows `items` from `offset` on; items that do not fit are not part of
 * the hierarchy (like a RecyclerView). Scrolling moves the offset.
 * @param {string} id
 * @param {UiNode[]} items
 * @param {{offset: number, set: (n: number) => void}} scroll
 */
export function list(id, items, scroll, props = {}) {
  const offset = Math.min(scroll.offset, Math.max(0, items.length - 1));
  return node(
    'androidx.recyclerview.widget.RecyclerView',
    {
      id,
      scrollable: items.length > 1,
      onScroll: (direction) => {
        const visible = Math.max(1, countFitting(items.slice(offset)));
        const next = direction === 'up' ? Math.min(items.length - 1, offset + Math.max(1, visible - 1)) : Math.max(0, offset - Math.max(1, visible - 1));
        if (next === offset) return false;
        scroll.set(next);
        return true;
      },
      ...props,
    },
    items.slice(offset),
  );
}

function countFitting(items) {
  let y = STATUS_H + 400;
  let n = 0;
  for (const item of items) {
    y += measure(item);
    if (y > SCREEN_H - NAV_H) break;
    n++;
  }
  return n;
}

function measure(n) {
  if (!n.children || n.children.length === 0) return n.h ?? DEFAULT_H[n.cls] ?? 120;
  if (n.h) return n.h;
  if (n.horizontal) return Math.max(...n.children.map(measure));
  return n.children.reduce((s, c) => s + measure(c), 0);
}

/**
 * Lays the tree out (bounds, paths, parents, package) and drops what falls below the screen.
 * @param {UiNode} root
 * @param {string} pkg
 */
export function layout(root, pkg) {
  place(root, 0, 0, SCREEN_W, pkg, '0', undefined, 0);
  return root;
}

function place(n, x1, y1, x2, pkg, path, parent, index) {
  n.pkg = pkg;
  n.path = path;
  n.parent = parent;
  n.index = index;
  const h = measure(n);
  n.bounds = n.abs ? [...n.abs] : [x1, y1, x2, Math.min(SCREEN_H, y1 + h)];
  const kids = n.children ?? [];
  if (kids.length === 0) return;
  const [bx1, by1, bx2] = n.bounds;
  const visible = [];
  if (n.horizontal) {
    const w = (bx2 - bx1) / kids.length;
    kids.forEach((c, i) => {
      visible.push(c);
      place(c, Math.round(bx1 + i * w), by1, Math.round(bx1 + (i + 1) * w), pkg, `${path}.${visible.length - 1}`, n, visible.length - 1);
    });
  } else {
    let y = by1;
    for (const c of kids) {
      if (!c.abs && y >= SCREEN_H - (n.parent ? 0 : 0)) break;
      visible.push(c);
      place(c, bx1, y, bx2, pkg, `${path}.${visible.length - 1}`, n, visible.length - 1);
      if (!c.abs) y = c.bounds[3];
    }
  }
  n.children = visible.filter((c) => c.bounds[1] < SCREEN_H);
  n.children.forEach((c, i) => (c.index = i));
}

/** Every node in document order. @param {UiNode} root @returns {UiNode[]} */
export function flatten(root) {
  const out = [];
  const walk = (n) => {
    out.push(n);
    for (const c of n.children ?? []) walk(c);
  };
  walk(root);
  return out;
}

const esc = (s) =>
  String(s ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/\n/g, '&#10;');

/** Attributes of a node as UiAutomator2 reports them. @param {UiNode} n */
export function attributes(n) {
  const [x1, y1, x2, y2] = n.bounds ?? [0, 0, 0, 0];
  return {
    index: String(n.index ?? 0),
    package: n.pkg ?? '',
    class: n.cls,
    text: n.password && n.text ? '•'.repeat(n.text.length) : (n.text ?? ''),
    'resource-id': n.id ?? '',
    checkable: String(!!n.checkable),
    checked: String(!!n.checked),
    clickable: String(!!n.clickable),
    enabled: String(n.enabled !== false),
    focusable: String(!!(n.clickable || n.editable)),
    focused: String(!!n.focused),
    'long-clickable': String(!!n.longClickable),
    password: String(!!n.password),
    scrollable: String(!!n.scrollable),
    selected: String(!!n.selected),
    bounds: `[${x1},${y1}][${x2},${y2}]`,
    displayed: 'true',
    'content-desc': n.desc ?? '',
    hint: n.hint ?? '',
  };
}

/** UiAutomator2-style page source. @param {UiNode} root */
export function toXml(root) {
  const parts = [`<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>\n<hierarchy index="0" class="hierarchy" rotation="0" width="${SCREEN_W}" height="${SCREEN_H}">\n`];
  const walk = (n, depth) => {
    const attrs = Object.entries(attributes(n))
      .map(([k, v]) => `${k}="${esc(v)}"`)
      .join(' ');
    const pad = '  '.repeat(depth);
    if (n.children && n.children.length) {
      parts.push(`${pad}<${n.cls} ${attrs}>\n`);
      for (const c of n.children) walk(c, depth + 1);
      parts.push(`${pad}</${n.cls}>\n`);
    } else {
      parts.push(`${pad}<${n.cls} ${attrs} />\n`);
    }
  };
  walk(root, 1);
  parts.push('</hierarchy>');
  return parts.join('');
}

export const sourceVersion = (xml) => createHash('sha256').update(xml).digest('hex').slice(0, 16);

/** Deepest node whose bounds contain the point and that reacts to a tap. @param {UiNode} root */
export function hitTest(root, x, y, want = 'click') {
  let best;
  for (const n of flatten(root)) {
    const [x1, y1, x2, y2] = n.bounds;
    if (x < x1 || x >= x2 || y < y1 || y >= y2) continue;
    const reacts = want === 'long' ? n.onLongClick || n.onClick : n.onClick || n.editable;
    if (reacts && n.enabled !== false) best = n;
    else if (want === 'scroll' && n.onScroll) best = n;
  }
  return best;
}
