// Gmail (com.google.android.gm): inbox, message view, compose with To/Cc/Subject/body, Send.
import { appBar, draftField, fab, imageButton, itemRow, button, row, scrollList, splitRecipients, text, deleteDialog } from './kit.js';

const PKG = 'com.google.android.gm';

/** Opens compose, optionally prefilled (reply, forward, share targets). */
export function openCompose(dev, draft = {}) {
  dev.launchTo(PKG, 'compose', {}, draft);
}

export const gmail = {
  pkg: PKG,
  label: 'Gmail',
  home: 'inbox',
  render(dev, scr) {
    const st = dev.state;
    switch (scr.name) {
      case 'inbox':
        return [
          appBar(dev, PKG, 'Primary', [imageButton('Open navigation drawer', undefined, { enabled: false })]),
          scrollList(
            dev,
            scr,
            PKG,
            'thread_list_view',
            st.inbox.map((m) =>
              itemRow(PKG, { titleId: 'senders', title: m.name ?? m.from, summaryId: 'snippet', summary: `${m.subject} — ${m.body.slice(0, 48)}`, onClick: () => dev.push('message', { id: m.id }), desc: `${m.name ?? m.from}, ${m.subject}` }),
            ),
          ),
          fab(PKG, 'compose_button', 'Compose', () => openCompose(dev)),
        ];
      case 'message': {
        const m = st.inbox.find((x) => x.id === scr.params.id) ?? st.sent.find((x) => x.id === scr.params.id);
        if (!m) return [appBar(dev, PKG, 'Message'), text('Conversation deleted', { id: `${PKG}:id/empty_text` })];
        return [
          appBar(dev, PKG, '', [imageButton('Delete', () => dev.push('confirm_delete', { id: m.id }), { id: `${PKG}:id/delete` })]),
          text(m.subject, { id: `${PKG}:id/subject_and_folder_view` }),
          text(m.name ?? m.from, { id: `${PKG}:id/sender_name` }),
          text(m.from, { id: `${PKG}:id/sender_address` }),
          text(m.body, { id: `${PKG}:id/message_body`, h: 360 }),
          row([
            button('Reply', () => openCompose(dev, { to: m.from, subject: `Re: ${m.subject}` }), { id: `${PKG}:id/reply_button` }),
            button('Forward', () => openCompose(dev, { subject: `Fwd: ${m.subject}`, body: `---------- Forwarded message ---------\nFrom: ${m.from}\n${m.body}` }), { id: `${PKG}:id/forward_button` }),
          ]),
        ];
      }
      case 'confirm_delete':
        return [
          appBar(dev, PKG, 'Delete'),
          deleteDialog(dev, { message: 'Delete this conversation?', list: st.inbox, id: scr.params.id, kind: 'email', name: (x) => x.subject, app: PKG }),
        ];
      case 'compose':
        return [
          appBar(dev, PKG, 'Compose', [
            imageButton('Attach file', undefined, { id: `${PKG}:id/add_attachment`, enabled: false }),
            imageButton('Send', () => send(dev, scr), { id: `${PKG}:id/send` }),
          ]),
          text('From: me@acme.example', { id: `${PKG}:id/from_account_name` }),
          draftField(dev, scr, PKG, 'to', 'to', 'To'),
          draftField(dev, scr, PKG, 'cc', 'cc', 'Cc'),
          draftField(dev, scr, PKG, 'subject', 'subject', 'Subject'),
          draftField(dev, scr, PKG, 'body', 'body', 'Compose email', { h: 420 }),
        ];
      default:
        return [text(`unknown screen ${scr.name}`)];
    }
  },
};

function send(dev, scr) {
  const to = splitRecipients(scr.draft.to);
  const cc = splitRecipients(scr.draft.cc);
  if (to.length === 0 && cc.length === 0) {
    dev.toast('Add at least one recipient.');
    dev.touch();
    return;
  }
  const mail = { id: `s${dev.state.sent.length + 1}`, from: 'me@acme.example', to, cc, subject: scr.draft.subject ?? '', body: scr.draft.body ?? '' };
  dev.state.sent.push(mail);
  dev.record('emailsSent', { to, cc, subject: mail.subject, body: mail.body });
  dev.toast('Sent');
  dev.pop();
}
