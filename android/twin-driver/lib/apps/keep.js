// Keep Notes (com.google.android.keep): local notes; a note is saved when the editor is left.
import { appBar, draftField, fab, itemRow, scrollList, text } from './kit.js';

const PKG = 'com.google.android.keep';

export const keep = {
  pkg: PKG,
  label: 'Keep Notes',
  home: 'list',
  onLeave(dev, scr) {
    if (scr.name !== 'editor') return;
    const { title = '', body = '' } = scr.draft;
    if (!title && !body) return;
    const n = { id: `n${dev.state.notes.length + 1}-${dev.changes}`, title, body };
    dev.state.notes.push(n);
    dev.record('created', { kind: 'note', id: n.id, name: title, app: PKG });
    scr.draft = {};
  },
  render(dev, scr) {
    switch (scr.name) {
      case 'list':
        return [
          appBar(dev, PKG, 'Notes'),
          scrollList(dev, scr, PKG, 'notes_list', dev.state.notes.map((n) => itemRow(PKG, { titleId: 'index_note_title', title: n.title, summaryId: 'index_note_text_description', summary: n.body }))),
          fab(PKG, 'new_note_button', 'New text note', () => dev.push('editor')),
        ];
      case 'editor':
        return [appBar(dev, PKG, ''), draftField(dev, scr, PKG, 'editable_title', 'title', 'Title'), draftField(dev, scr, PKG, 'edit_note_text', 'body', 'Note', { h: 600 })];
      default:
        return [text(`unknown screen ${scr.name}`)];
    }
  },
};
