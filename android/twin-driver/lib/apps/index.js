// The apps installed on the twin, by package.
import { calendar } from './calendar.js';
import { chrome } from './chrome.js';
import { store, venmo } from './commerce.js';
import { contacts } from './contacts.js';
import { gmail } from './gmail.js';
import { keep } from './keep.js';
import { files, photos } from './media.js';
import { messages } from './messages.js';
import { settings } from './settings.js';
import { appBar, text } from './kit.js';

export const APPS = Object.fromEntries([contacts, messages, gmail, calendar, chrome, settings, photos, files, venmo, store, keep].map((a) => [a.pkg, a]));

/** A store-installed app the twin does not model: one screen with its name. */
export function genericApp(pkg, label) {
  return { pkg, label, home: 'main', render: (dev) => [appBar(dev, pkg, label), text(`Welcome to ${label}`, { id: `${pkg}:id/welcome` })] };
}
