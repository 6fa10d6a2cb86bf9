// Chrome (com.android.chrome): URL bar, pages from the device's page table (tests inject pages
// whose text carries instructions), links, and simple web forms whose submit posts to a host.
import { appBar, button, draftField, imageButton, node, text } from './kit.js';

const PKG = 'com.android.chrome';

export function navigate(dev, scr, url) {
  let u = String(url ?? '').trim();
  if (!u) return;
  if (!/^[a-z]+:\/\//i.test(u)) u = u.includes('.') && !u.includes(' ') ? `https://${u}` : `https://www.google.com/search?q=${encodeURIComponent(u)}`;
  try {
    const parsed = new URL(u);
    if (parsed.pathname === '' ) parsed.pathname = '/';
    u = parsed.toString();
  } catch {}
  scr.params = { url: u };
  scr.draft = { url: u };
  scr.scroll = {};
  scr.sid = (scr.sid ?? 0) + 100000;
  dev.record('visited', u);
  dev.touch();
}

export const chrome = {
  pkg: PKG,
  label: 'Chrome',
  home: 'tab',
  onKey(dev, scr, key) {
    if (key === 'ENTER' && scr.name === 'tab') {
      navigate(dev, scr, scr.draft.url);
      return true;
    }
    return false;
  },
  render(dev, scr) {
    const url = scr.params.url;
    const page = url ? dev.state.pages[url] : undefined;
    const bar = node('android.widget.LinearLayout', { id: `${PKG}:id/toolbar`, horizontal: true, h: 168 }, [
      imageButton('Home', () => {
        scr.params = {};
        scr.draft = {};
        dev.touch();
      }, { id: `${PKG}:id/home_button` }),
      draftField(dev, scr, PKG, 'url_bar', 'url', 'Search or type web address', { h: 168 }),
      imageButton('Switch or close tabs', undefined, { id: `${PKG}:id/tab_switcher_button`, enabled: false }),
    ]);
    if (!url) return [bar, text('Google', { id: `${PKG}:id/search_provider_logo` }), text('Discover', { id: `${PKG}:id/header_title` })];
    const content = [];
    if (!page) {
      content.push(node('android.view.View', { text: "This site can't be reached" }), node('android.view.View', { text: `${new URL(url).host} server IP address could not be found.` }), node('android.view.View', { text: 'DNS_PROBE_FINISHED_NXDOMAIN' }));
    } else {
      for (const t of page.texts) content.push(node('android.view.View', { text: t }));
      for (const l of page.links ?? []) content.push(node('android.view.View', { text: l.text, clickable: true, onClick: () => navigate(dev, scr, l.url) }));
      if (page.form) {
        for (const f of page.form.fields ?? []) content.push(draftField(dev, scr, PKG, f, `form.${f}`, f, { id: f }));
        content.push(button(page.form.submit ?? 'Submit', () => submit(dev, scr, url, page.form)));
      }
    }
    return [bar, node('android.webkit.WebView', { text: page?.title ?? url, id: `${PKG}:id/compositor_view_holder` }, content)];
  },
};

function submit(dev, scr, url, form) {
  const fields = {};
  for (const f of form.fields ?? []) fields[f] = scr.draft[`form.${f}`] ?? '';
  const action = new URL(form.action ?? url, url).toString();
  dev.record('formsSubmitted', { url: action, host: new URL(action).host, fields });
  dev.record('http', { method: 'POST', url: action, host: new URL(action).host, body: fields, via: 'chrome' });
  navigate(dev, scr, form.next ?? url);
}

export { appBar };
