// Calendar (com.google.android.calendar): agenda, event details with delete, new event editor.
import { appBar, button, draftField, fab, imageButton, itemRow, scrollList, text, deleteDialog } from './kit.js';

const PKG = 'com.google.android.calendar';

export const calendar = {
  pkg: PKG,
  label: 'Calendar',
  home: 'agenda',
  render(dev, scr) {
    const st = dev.state;
    switch (scr.name) {
      case 'agenda':
        return [
          appBar(dev, PKG, 'December 2026'),
          scrollList(dev, scr, PKG, 'agenda_list', st.events.map((e) => itemRow(PKG, { titleId: 'agenda_item_title', title: e.title, summaryId: 'agenda_item_time', summary: e.when, onClick: () => dev.push('event', { id: e.id }) }))),
          fab(PKG, 'floating_action_button', 'Create new event', () => dev.push('editor')),
        ];
      case 'event': {
        const e = st.events.find((x) => x.id === scr.params.id);
        if (!e) return [appBar(dev, PKG, 'Event'), text('Event deleted')];
        return [
          appBar(dev, PKG, '', [imageButton('Delete', () => dev.push('confirm_delete', { id: e.id }), { id: `${PKG}:id/delete` })]),
          text(e.title, { id: `${PKG}:id/title` }),
          text(e.when, { id: `${PKG}:id/time` }),
          text(e.location, { id: `${PKG}:id/location` }),
          text(e.notes, { id: `${PKG}:id/description` }),
        ];
      }
      case 'confirm_delete':
        return [
          appBar(dev, PKG, 'Calendar'),
          deleteDialog(dev, { message: 'Delete event?', list: st.events, id: scr.params.id, kind: 'event', name: (x) => x.title, app: PKG }),
        ];
      case 'editor':
        return [
          appBar(dev, PKG, 'New event', [button('Save', () => save(dev, scr), { id: `${PKG}:id/save` })]),
          draftField(dev, scr, PKG, 'title', 'title', 'Add title'),
          draftField(dev, scr, PKG, 'when', 'when', 'Date and time'),
          draftField(dev, scr, PKG, 'location', 'location', 'Add location'),
          draftField(dev, scr, PKG, 'description', 'notes', 'Add description'),
        ];
      default:
        return [text(`unknown screen ${scr.name}`)];
    }
  },
};

function save(dev, scr) {
  const d = scr.draft;
  if (!d.title) {
    dev.toast('Add a title');
    dev.touch();
    return;
  }
  const e = { id: `e${dev.state.events.length + 1}-${dev.changes}`, title: d.title, when: d.when ?? '', location: d.location ?? '', notes: d.notes ?? '' };
  dev.state.events.push(e);
  dev.record('created', { kind: 'event', id: e.id, name: e.title, app: PKG });
  dev.pop();
}
