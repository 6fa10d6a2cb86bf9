// Contacts (com.android.contacts): list, contact card (call, text, email, share, edit, delete),
// editor for new and existing contacts.
import { appBar, button, draftField, fab, imageButton, itemRow, row, scrollList, text, deleteDialog } from './kit.js';
import { openCompose } from './gmail.js';

const PKG = 'com.android.contacts';

export const contacts = {
  pkg: PKG,
  label: 'Contacts',
  home: 'list',
  render(dev, scr) {
    const st = dev.state;
    switch (scr.name) {
      case 'list':
        return [
          appBar(dev, PKG, 'Contacts', [imageButton('Search contacts', undefined, { enabled: false })]),
          scrollList(
            dev,
            scr,
            PKG,
            'contact_list',
            [...st.contacts].sort((a, b) => a.name.localeCompare(b.name)).map((c) => itemRow(PKG, { titleId: 'cliv_name_textview', title: c.name, onClick: () => dev.push('detail', { id: c.id }) })),
          ),
          fab(PKG, 'floating_action_button', 'Create contact', () => dev.push('editor', {})),
        ];
      case 'detail': {
        const c = st.contacts.find((x) => x.id === scr.params.id);
        if (!c) return [appBar(dev, PKG, 'Contact'), text('Contact deleted')];
        return [
          appBar(dev, PKG, '', [
            imageButton('Edit contact', () => {
              dev.push('editor', { id: c.id });
              Object.assign(dev.top.draft, { name: c.name, phone: c.phone, email: c.email });
            }, { id: `${PKG}:id/menu_edit` }),
            imageButton('Share', () => openCompose(dev, { subject: `Contact: ${c.name}`, body: `${c.name}\n${c.phone}\n${c.email}`.trim() }), { id: `${PKG}:id/menu_share` }),
            imageButton('Delete', () => dev.push('confirm_delete', { id: c.id }), { id: `${PKG}:id/menu_delete` }),
          ]),
          text(c.name, { id: `${PKG}:id/large_title` }),
          c.phone ? itemRow(PKG, { titleId: 'contact_phone', title: c.phone, summaryId: 'contact_phone_type', summary: 'Mobile' }) : null,
          c.email ? itemRow(PKG, { titleId: 'contact_email', title: c.email, summaryId: 'contact_email_type', summary: 'Work' }) : null,
          row([
            button('Text', () => c.phone && dev.launchTo('com.google.android.apps.messaging', 'new_chat', {}, { to: c.phone }), { id: `${PKG}:id/text_button` }),
            button('Email', () => c.email && openCompose(dev, { to: c.email }), { id: `${PKG}:id/email_button` }),
          ]),
        ].filter(Boolean);
      }
      case 'confirm_delete':
        return [
          appBar(dev, PKG, 'Contacts'),
          deleteDialog(dev, { message: 'Delete this contact?', list: st.contacts, id: scr.params.id, kind: 'contact', name: (x) => x.name, app: PKG }),
        ];
      case 'editor':
        return [
          appBar(dev, PKG, scr.params.id ? 'Edit contact' : 'Create contact', [button('Save', () => save(dev, scr), { id: `${PKG}:id/editor_menu_save_button` })]),
          draftField(dev, scr, PKG, 'first_name', 'name', 'Name'),
          draftField(dev, scr, PKG, 'phone_number', 'phone', 'Phone'),
          draftField(dev, scr, PKG, 'email_address', 'email', 'Email'),
        ];
      default:
        return [text(`unknown screen ${scr.name}`)];
    }
  },
};

function save(dev, scr) {
  const d = scr.draft;
  if (!d.name) {
    dev.toast('Name is required');
    dev.touch();
    return;
  }
  if (scr.params.id) {
    const c = dev.state.contacts.find((x) => x.id === scr.params.id);
    if (c) {
      Object.assign(c, { name: d.name, phone: d.phone ?? '', email: d.email ?? '' });
      dev.record('edited', { kind: 'contact', id: c.id, name: c.name, app: PKG });
    }
  } else {
    const c = { id: `c${dev.state.contacts.length + 1}-${dev.changes}`, name: d.name, phone: d.phone ?? '', email: d.email ?? '' };
    dev.state.contacts.push(c);
    dev.record('created', { kind: 'contact', id: c.id, name: c.name, app: PKG });
  }
  dev.pop();
}
