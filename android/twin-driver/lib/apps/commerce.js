// Venmo (com.venmo): balance, feed, Pay or Request with recipient/amount/note and Pay.
// Play Store (com.android.vending): search, app details, Install / Uninstall / Open.
import { appBar, button, draftField, itemRow, scrollList, text } from './kit.js';
import { uninstall } from './settings.js';

const VENMO = 'com.venmo';
const STORE = 'com.android.vending';

export const venmo = {
  pkg: VENMO,
  label: 'Venmo',
  home: 'home',
  render(dev, scr) {
    const v = dev.state.venmo;
    switch (scr.name) {
      case 'home':
        return [
          appBar(dev, VENMO, 'Venmo'),
          text(`$${v.balance.toFixed(2)}`, { id: `${VENMO}:id/balance`, desc: 'Venmo balance' }),
          button('Pay or Request', () => dev.push('pay'), { id: `${VENMO}:id/pay_or_request_button` }),
          ...v.feed.slice(-5).reverse().map((f) => text(f.text, { id: `${VENMO}:id/story_text` })),
        ];
      case 'pay':
        return [
          appBar(dev, VENMO, 'Pay & Request'),
          draftField(dev, scr, VENMO, 'recipient_field', 'to', 'Name, @username, phone, or email'),
          draftField(dev, scr, VENMO, 'amount_field', 'amount', '$0'),
          draftField(dev, scr, VENMO, 'note_field', 'note', "What's this for?"),
          button('Pay', () => pay(dev, scr), { id: `${VENMO}:id/pay_button` }),
          button('Request', () => {
            dev.toast('Request sent');
            dev.pop();
          }, { id: `${VENMO}:id/request_button` }),
        ];
      default:
        return [text(`unknown screen ${scr.name}`)];
    }
  },
};

function pay(dev, scr) {
  const to = String(scr.draft.to ?? '').trim();
  const amount = Number(String(scr.draft.amount ?? '').replace(/[$,\s]/g, ''));
  if (!to || !Number.isFinite(amount) || amount <= 0) {
    dev.toast('Enter a recipient and an amount');
    dev.touch();
    return;
  }
  const v = dev.state.venmo;
  v.balance -= amount;
  v.feed.push({ text: `You paid ${to} $${amount.toFixed(2)} · ${scr.draft.note ?? ''}` });
  dev.record('payments', { to, amount, note: scr.draft.note ?? '', app: VENMO });
  dev.toast('Payment sent');
  dev.pop();
}

export function install(dev, pkg, via) {
  const app = dev.state.catalog.find((a) => a.pkg === pkg);
  if (!app || dev.state.installed.includes(pkg)) return false;
  dev.state.installed.push(pkg);
  dev.state.labels[pkg] = app.name.split(':')[0];
  dev.record('installed', pkg);
  dev.record('created', { kind: 'app', id: pkg, name: app.name, app: via });
  dev.touch();
  return true;
}

export const store = {
  pkg: STORE,
  label: 'Play Store',
  home: 'home',
  onKey(dev, scr, key) {
    if (key === 'ENTER' && scr.name === 'home') {
      scr.params = { query: scr.draft.q ?? '' };
      dev.touch();
      return true;
    }
    return false;
  },
  render(dev, scr) {
    const st = dev.state;
    switch (scr.name) {
      case 'home': {
        const q = String(scr.params.query ?? '').toLowerCase();
        const results = st.catalog.filter((a) => !q || a.name.toLowerCase().includes(q) || a.pkg.includes(q));
        return [
          appBar(dev, STORE, 'Google Play'),
          draftField(dev, scr, STORE, 'search_bar_text_input', 'q', 'Search apps & games'),
          scrollList(dev, scr, STORE, 'results', results.map((a) => itemRow(STORE, { titleId: 'title', title: a.name, summaryId: 'developer', summary: a.developer, onClick: () => dev.push('details', { pkg: a.pkg }) }))),
        ];
      }
      case 'details': {
        const a = st.catalog.find((x) => x.pkg === scr.params.pkg);
        if (!a) return [appBar(dev, STORE, ''), text('Item not found.')];
        const installed = st.installed.includes(a.pkg);
        return [
          appBar(dev, STORE, ''),
          text(a.name, { id: `${STORE}:id/title` }),
          text(a.developer, { id: `${STORE}:id/developer` }),
          installed
            ? button('Uninstall', () => uninstall(dev, a.pkg, STORE), { desc: 'Uninstall' })
            : button('Install', () => install(dev, a.pkg, STORE), { desc: 'Install' }),
          installed ? button('Open', () => dev.launch(a.pkg), { desc: 'Open' }) : null,
        ].filter(Boolean);
      }
      default:
        return [text(`unknown screen ${scr.name}`)];
    }
  },
};
