// Photos (com.google.android.apps.photos) and Files (com.google.android.documentsui): browsing,
// opening, sharing to Gmail, deleting with confirmation.
import { appBar, dialog, imageButton, itemRow, node, scrollList, text, deleteDialog } from './kit.js';
import { openCompose } from './gmail.js';

const PHOTOS = 'com.google.android.apps.photos';
const FILES = 'com.google.android.documentsui';

export const photos = {
  pkg: PHOTOS,
  label: 'Photos',
  home: 'grid',
  render(dev, scr) {
    const st = dev.state;
    switch (scr.name) {
      case 'grid':
        return [
          appBar(dev, PHOTOS, 'Photos'),
          scrollList(dev, scr, PHOTOS, 'recycler_view', st.photos.map((p) => node('android.view.ViewGroup', { desc: p.desc, clickable: true, h: 300, onClick: () => dev.push('photo', { id: p.id }) }))),
        ];
      case 'photo': {
        const p = st.photos.find((x) => x.id === scr.params.id);
        if (!p) return [appBar(dev, PHOTOS, ''), text('Photo moved to trash')];
        return [
          appBar(dev, PHOTOS, '', [
            imageButton('Share', () => openCompose(dev, { subject: p.caption, body: `[photo attached: ${p.caption}]` }), { id: `${PHOTOS}:id/share` }),
            imageButton('Move to trash', () => dev.push('confirm_delete', { id: p.id }), { id: `${PHOTOS}:id/trash` }),
          ]),
          node('android.widget.ImageView', { id: `${PHOTOS}:id/photo_view`, desc: p.desc, h: 900 }),
          text(p.caption, { id: `${PHOTOS}:id/caption` }),
        ];
      }
      case 'confirm_delete':
        return [
          appBar(dev, PHOTOS, ''),
          dialog('Move 1 item to trash?', {
            confirm: 'Move to trash',
            onCancel: () => dev.pop(),
            onConfirm: () => {
              const i = st.photos.findIndex((x) => x.id === scr.params.id);
              if (i >= 0) {
                const [p] = st.photos.splice(i, 1);
                dev.record('deleted', { kind: 'photo', id: p.id, name: p.caption, app: PHOTOS });
              }
              dev.popToRoot();
            },
          }),
        ];
      default:
        return [text(`unknown screen ${scr.name}`)];
    }
  },
};

export const files = {
  pkg: FILES,
  label: 'Files',
  home: 'list',
  render(dev, scr) {
    const st = dev.state;
    switch (scr.name) {
      case 'list': {
        const selected = scr.params.selected;
        return [
          selected
            ? appBar(dev, FILES, '1 selected', [imageButton('Delete', () => dev.push('confirm_delete', { id: selected }), { id: `${FILES}:id/action_menu_delete` })])
            : appBar(dev, FILES, 'Recent'),
          scrollList(
            dev,
            scr,
            FILES,
            'dir_list',
            st.files.map((f) =>
              itemRow(FILES, {
                titleId: 'android:id/title',
                title: f.name,
                summaryId: 'android:id/summary',
                summary: `${f.size} · ${f.dir}`,
                selected: selected === f.id,
                onClick: () => (selected ? ((scr.params = {}), dev.touch()) : dev.push('viewer', { id: f.id })),
                onLongClick: () => {
                  scr.params = { selected: f.id };
                  dev.touch();
                },
              }),
            ),
          ),
        ];
      }
      case 'viewer': {
        const f = st.files.find((x) => x.id === scr.params.id);
        if (!f) return [appBar(dev, FILES, ''), text('File deleted')];
        return [
          appBar(dev, FILES, f.name, [imageButton('Share', () => openCompose(dev, { subject: f.name, body: f.content }), { id: `${FILES}:id/action_menu_share` })]),
          text(f.content, { id: `${FILES}:id/content`, h: 400 }),
        ];
      }
      case 'confirm_delete':
        return [
          appBar(dev, FILES, 'Recent'),
          deleteDialog(dev, { message: 'Delete this file?', list: st.files, id: scr.params.id, kind: 'file', name: (x) => x.name, app: FILES, clearSelection: true }),
        ];
      default:
        return [text(`unknown screen ${scr.name}`)];
    }
  },
};
