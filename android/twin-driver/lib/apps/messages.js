// Messages (com.google.android.apps.messaging): conversation list, conversation with SMS compose,
// "Start chat" with a recipient field and contact suggestions, delete conversations.
import { appBar, draftField, fab, imageButton, itemRow, scrollList, text, deleteDialog } from './kit.js';
import { node } from '../ui/tree.js';

const PKG = 'com.google.android.apps.messaging';

export const messages = {
  pkg: PKG,
  label: 'Messages',
  home: 'list',
  render(dev, scr) {
    const st = dev.state;
    switch (scr.name) {
      case 'list': {
        const selected = scr.params.selected;
        const bar = selected
          ? appBar(dev, PKG, '1 selected', [imageButton('Delete', () => dev.push('confirm_delete', { id: selected }), { id: `${PKG}:id/action_delete` })])
          : appBar(dev, PKG, 'Messages', [imageButton('Search', undefined, { enabled: false })]);
        return [
          bar,
          scrollList(
            dev,
            scr,
            PKG,
            'conversation_list',
            st.threads.map((t) =>
              itemRow(PKG, {
                titleId: 'conversation_name',
                title: t.name,
                summaryId: 'conversation_snippet',
                summary: t.messages.at(-1)?.body ?? '',
                selected: selected === t.id,
                onClick: () => (selected ? ((scr.params = {}), dev.touch()) : dev.push('conversation', { id: t.id })),
                onLongClick: () => {
                  scr.params = { selected: t.id };
                  dev.touch();
                },
              }),
            ),
          ),
          fab(PKG, 'start_chat_fab', 'Start chat', () => dev.push('new_chat')),
        ];
      }
      case 'confirm_delete':
        return [
          appBar(dev, PKG, 'Messages'),
          deleteDialog(dev, { message: 'Delete this conversation?', list: st.threads, id: scr.params.id, kind: 'sms_thread', name: (x) => x.name, app: PKG, clearSelection: true }),
        ];
      case 'conversation': {
        const t = st.threads.find((x) => x.id === scr.params.id);
        if (!t) return [appBar(dev, PKG, 'Conversation'), text('Conversation deleted')];
        return [
          appBar(dev, PKG, t.name, [imageButton('Call', undefined, { enabled: false })]),
          scrollList(
            dev,
            scr,
            PKG,
            'messages_list',
            t.messages.map((m) => node('android.widget.TextView', { id: `${PKG}:id/message_text`, text: m.body, desc: m.dir === 'in' ? `${t.name} said ${m.body}` : `You said ${m.body}` })),
          ),
          draftField(dev, scr, PKG, 'compose_message_text', 'body', 'Text message'),
          imageButton('Send SMS', () => sendSms(dev, t.address, scr, t), { id: `${PKG}:id/send_message_button_icon` }),
        ];
      }
      case 'new_chat': {
        const typed = (scr.draft.to ?? '').toLowerCase();
        const suggestions = typed ? st.contacts.filter((c) => c.phone && (c.name.toLowerCase().includes(typed) || c.phone.replace(/\D/g, '').includes(typed.replace(/\D/g, '') || '#'))) : [];
        return [
          appBar(dev, PKG, 'New conversation'),
          draftField(dev, scr, PKG, 'recipient_text_view', 'to', 'Type name, phone number, or email'),
          ...suggestions.slice(0, 3).map((c) =>
            itemRow(PKG, {
              titleId: 'contact_name',
              title: c.name,
              summaryId: 'contact_details',
              summary: c.phone,
              onClick: () => {
                scr.draft.to = c.phone;
                dev.touch();
              },
            }),
          ),
          draftField(dev, scr, PKG, 'compose_message_text', 'body', 'Text message'),
          imageButton('Send SMS', () => sendSms(dev, scr.draft.to, scr), { id: `${PKG}:id/send_message_button_icon` }),
        ];
      }
      default:
        return [text(`unknown screen ${scr.name}`)];
    }
  },
};

function sendSms(dev, to, scr, thread) {
  const body = scr.draft.body ?? '';
  const address = String(to ?? '').trim();
  if (!address || !body) {
    dev.toast(!address ? 'Add a recipient' : 'Type a message');
    dev.touch();
    return;
  }
  dev.record('smsSent', { to: address, body });
  let t = thread ?? dev.state.threads.find((x) => x.address === address);
  if (!t) {
    const c = dev.state.contacts.find((x) => x.phone === address);
    t = { id: `t${dev.state.threads.length + 1}-${dev.changes}`, address, name: c?.name ?? address, messages: [] };
    dev.state.threads.unshift(t);
  }
  t.messages.push({ dir: 'out', body });
  scr.draft.body = '';
  if (scr.name === 'new_chat') dev.replace('conversation', { id: t.id });
  else dev.touch();
}
