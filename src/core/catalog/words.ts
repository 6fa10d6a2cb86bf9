// Splitting identifiers and labels into words, shared by the app, button and tool lifters.

/** `chathistory_send_button_image` → [chathistory, send, button, image]; `dialButton` → [dial, button]. */
export function idWords(id: string): string[] {
  const local = localId(id);
  // (ASCII ids in one pass over their char codes; others by the definition)
  const words: string[] = [];
  let word = '';
  let prev = 0;
  for (let i = 0; i <= local.length; i++) {
    const c = i < local.length ? local.charCodeAt(i) : 32;
    if (c > 127) return idWordsByRegex(id);
    const upper = c >= 65 && c <= 90;
    const lowerOrDigit = (c >= 97 && c <= 122) || (c >= 48 && c <= 57);
    // a capital after a lower-case letter or digit starts a word (dialButton → dial, button)
    if (!(upper || lowerOrDigit) || (upper && ((prev >= 97 && prev <= 122) || (prev >= 48 && prev <= 57)))) {
      if (word !== '') words.push(word);
      word = '';
    }
    if (upper || lowerOrDigit) word += upper ? String.fromCharCode(c + 32) : local[i];
    prev = c;
  }
  return words;
}

function localId(id: string): string {
  return id.includes(':id/') ? id.slice(id.indexOf(':id/') + 4) : id.includes('/') ? id.slice(id.lastIndexOf('/') + 1) : id;
}

/** The definition of idWords, for any id. */
export function idWordsByRegex(id: string): string[] {
  return localId(id)
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** A button label as compared with the lexicon: lower case, outer punctuation/emoji trimmed, spaces folded. */
export function labelKey(label: string): string {
  const key = label
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s\u3000]+/g, ' ')
    .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '')
    .trim();
  // Greek buttons are written in capitals, which drop the accents: ΔΗΜΟΣΙΕΥΣΗ is δημοσίευση.
  return GREEK.test(key) ? key.normalize('NFD').replace(GREEK_MARKS, '').normalize('NFC') : key;
}

const GREEK = /[\u0370-\u03ff\u1f00-\u1fff]/;
const GREEK_MARKS = /[\u0300-\u0308\u0313\u0314\u0342\u0345]/g;

/** Words of a package name: `com.samsung.android.app.contacts` → [com, samsung, android, app, contacts]. */
export function packageWords(pkg: string): string[] {
  return pkg.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
}
