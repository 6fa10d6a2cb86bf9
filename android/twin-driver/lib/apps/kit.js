// Building blocks shared by the simulated apps: toolbars, list rows, text fields bound to the
// screen's draft, confirmation dialogs.
import { button, field, imageButton, list, node, row, text, SCREEN_W, SCREEN_H, NAV_H } from '../ui/tree.js';

/** @typedef {import('../device/device.js').TwinDevice} TwinDevice */
/** @typedef {import('../device/device.js').Screen} Screen */

export const rid = (pkg, name) => (name.includes(':id/') ? name : `${pkg}:id/${name}`);

/** Toolbar with an up button when the screen is not the app's first, a title and actions. */
export function appBar(dev, pkg, title, actions = []) {
  const up = dev.stack().length > 1 ? imageButton('Navigate up', () => dev.pop(), { h: 168 }) : null;
  return row([up, text(title, { id: rid(pkg, 'toolbar_title'), h: 168 }), ...actions].filter(Boolean), { id: rid(pkg, 'toolbar'), h: 168 });
}

/** An EditText whose value lives in the screen's draft under `key`. */
export function draftField(dev, scr, pkg, id, key, hint, props = {}) {
  return field(rid(pkg, id), scr.draft[key] ?? '', (v) => {
    scr.draft[key] = v;
    dev.touch();
  }, { hint, ...props });
}

/** A scrollable list whose offset lives in the screen. */
export function scrollList(dev, scr, pkg, id, items) {
  return list(rid(pkg, id), items, {
    offset: scr.scroll[id] ?? 0,
    set: (n) => {
      scr.scroll[id] = n;
      dev.touch();
    },
  });
}

/** A clickable row with a title and optional summary. */
export function itemRow(pkg, { titleId, title, summaryId, summary, onClick, onLongClick, desc, selected }) {
  return node(
    'android.widget.LinearLayout',
    { clickable: !!onClick, longClickable: !!onLongClick, onClick, onLongClick, desc, selected },
    [text(title, { id: rid(pkg, titleId), h: 96 }), summary !== undefined ? text(summary, { id: rid(pkg, summaryId), h: 80 }) : null].filter(Boolean),
  );
}

/** A floating action button at the bottom right. */
export function fab(pkg, id, label, onClick, { desc } = {}) {
  return node('android.widget.Button', {
    id: rid(pkg, id),
    text: label,
    desc: desc ?? label,
    clickable: true,
    onClick,
    abs: [SCREEN_W - 460, SCREEN_H - NAV_H - 220, SCREEN_W - 48, SCREEN_H - NAV_H - 64],
  });
}

/** An AlertDialog: message, a negative and a positive button (android:id/button2, button1). */
export function dialog(message, { cancel = 'Cancel', confirm, onCancel, onConfirm, title }) {
  return node('android.widget.FrameLayout', { id: 'android:id/parentPanel' }, [
    title ? text(title, { id: 'android:id/alertTitle' }) : null,
    text(message, { id: 'android:id/message' }),
    row([button(cancel, onCancel, { id: 'android:id/button2' }), button(confirm, onConfirm, { id: 'android:id/button1' })]),
  ].filter(Boolean));
}

/**
 * The "Delete …?" confirmation every app shows: removes the item from `list` on confirm, records
 * it for the oracle and returns to the app's first screen (clearing a selection there if asked).
 */
export function deleteDialog(dev, { message, list, id, kind, name, app, clearSelection = false }) {
  return dialog(message, {
    confirm: 'Delete',
    onCancel: () => dev.pop(),
    onConfirm: () => {
      const i = list.findIndex((x) => x.id === id);
      if (i >= 0) {
        const [item] = list.splice(i, 1);
        dev.record('deleted', { kind, id: item.id, name: name(item), app });
      }
      dev.popToRoot();
      if (clearSelection) dev.stack()[0].params = {};
    },
  });
}

export const splitRecipients = (s) =>
  String(s ?? '')
    .split(/[,;]/)
    .map((x) => x.trim())
    .filter(Boolean);

export { button, field, imageButton, node, row, text };
