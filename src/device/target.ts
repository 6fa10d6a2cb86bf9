// Protocol targets ({resourceId, text, contentDesc, className, xpath, point}) resolved against a
// parsed screen, and turned into Appium locators.
import type { Target } from '../core/protocol/schema';
import type { ScreenNode } from './page-source';

export interface Locator {
  using: 'id' | 'accessibility id' | 'xpath' | 'class name';
  value: string;
}

/** What a target refers to on a screen: the node, its centre, and a description for the gate. */
export interface ResolvedTarget {
  node: ScreenNode;
  center: { x: number; y: number };
  /** The same target, completed with what the screen says about the element (for lifting). */
  described: Target;
}

const quote = (s: string) => (s.includes('"') ? `'${s}'` : `"${s}"`);

/** Expands a short id (`send`) with the foreground package, as UiAutomator2 does. */
export function fullId(id: string, pkg: string | undefined): string {
  return id.includes(':id/') || !pkg ? id : `${pkg}:id/${id}`;
}

function matches(n: ScreenNode, t: Target, pkg: string | undefined): boolean {
  if (t.resourceId !== undefined && n.resourceId !== fullId(t.resourceId, pkg) && n.resourceId !== t.resourceId) return false;
  if (t.text !== undefined && n.text !== t.text) return false;
  if (t.contentDesc !== undefined && n.contentDesc !== t.contentDesc) return false;
  if (t.className !== undefined && n.cls !== t.className) return false;
  return true;
}

function contains(n: ScreenNode, x: number, y: number): boolean {
  const [x1, y1, x2, y2] = n.bounds;
  return x >= x1 && x < x2 && y >= y1 && y < y2;
}

/**
 * Finds the node a target addresses. Point targets hit-test like the platform (deepest node
 * under the point that reacts to touch, else the deepest node). XPath targets are resolved by
 * the device itself; here they match nothing (callers pass them straight to Appium).
 */
export function resolveTarget(nodes: ScreenNode[], target: Target | undefined, foreground?: string): ResolvedTarget | undefined {
  if (!target) return undefined;
  let node: ScreenNode | undefined;
  if (target.point) {
    const { x, y } = target.point;
    const under = nodes.filter((n) => contains(n, x, y));
    node = [...under].reverse().find((n) => (n.clickable || n.editable || n.longClickable) && n.enabled) ?? under[under.length - 1];
  } else if (target.resourceId !== undefined || target.text !== undefined || target.contentDesc !== undefined || target.className !== undefined) {
    node = nodes.find((n) => matches(n, target, foreground));
  }
  if (!node) return undefined;
  const [x1, y1, x2, y2] = node.bounds;
  const described: Target = { ...target };
  // the element's own label helps the gate lift the effect ("Send" in Gmail); a tap on a row
  // container is described by its first labelled child
  let labelled: ScreenNode = node;
  if (!node.text && !node.contentDesc) labelled = nodes.find((c) => c.parent === node!.index && (c.text || c.contentDesc)) ?? node;
  if (described.resourceId === undefined && node.resourceId) described.resourceId = node.resourceId;
  if (described.text === undefined && labelled.text) described.text = labelled.text;
  if (described.contentDesc === undefined && labelled.contentDesc) described.contentDesc = labelled.contentDesc;
  if (described.className === undefined) described.className = node.cls;
  return { node, center: { x: Math.round((x1 + x2) / 2), y: Math.round((y1 + y2) / 2) }, described };
}

/** The Appium locator for a target (without point): the most specific strategy that fits. */
export function locatorFor(target: Target, foreground?: string): Locator | undefined {
  if (target.xpath) return { using: 'xpath', value: target.xpath };
  const keys = (['resourceId', 'text', 'contentDesc', 'className'] as const).filter((k) => target[k] !== undefined);
  if (keys.length === 0) return undefined;
  if (keys.length === 1) {
    if (target.resourceId !== undefined) return { using: 'id', value: fullId(target.resourceId, foreground) };
    if (target.contentDesc !== undefined) return { using: 'accessibility id', value: target.contentDesc };
    if (target.className !== undefined) return { using: 'class name', value: target.className };
  }
  const preds: string[] = [];
  if (target.resourceId !== undefined) preds.push(`@resource-id=${quote(fullId(target.resourceId, foreground))}`);
  if (target.text !== undefined) preds.push(`@text=${quote(target.text)}`);
  if (target.contentDesc !== undefined) preds.push(`@content-desc=${quote(target.contentDesc)}`);
  const tag = target.className ?? '*';
  return { using: 'xpath', value: `//${tag}${preds.length ? `[${preds.join(' and ')}]` : ''}` };
}

/** Android key names (protocol `key`) → key codes. */
export const KEY_CODES: Record<string, number> = {
  HOME: 3,
  BACK: 4,
  CALL: 5,
  DPAD_UP: 19,
  DPAD_DOWN: 20,
  DPAD_LEFT: 21,
  DPAD_RIGHT: 22,
  VOLUME_UP: 24,
  VOLUME_DOWN: 25,
  POWER: 26,
  CAMERA: 27,
  TAB: 61,
  SPACE: 62,
  ENTER: 66,
  DEL: 67,
  BACKSPACE: 67,
  MENU: 82,
  NOTIFICATION: 83,
  SEARCH: 84,
  ESCAPE: 111,
  FORWARD_DEL: 112,
  APP_SWITCH: 187,
};

export function keyCode(name: string): number | undefined {
  const k = name.trim().toUpperCase().replace(/^KEYCODE_/, '');
  if (/^\d+$/.test(k)) return Number(k);
  return KEY_CODES[k];
}
