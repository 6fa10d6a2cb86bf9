// Splitting identifiers and labels into words, shared by the app, button and tool lifters.

/** `chathistory_send_button_image` → [chathistory, send, button, image]; `dialButton` → [dial, button]. */
export function idWords(id: string): string[] {
  const local = id.includes(':id/') ? id.slice(id.indexOf(':id/') + 4) : id.includes('/') ? id.slice(id.lastIndexOf('/') + 1) : id;
  return local
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** A button label as compared with the lexicon: lower case, outer punctuation/emoji trimmed, spaces folded. */
export function labelKey(label: string): string {
  return label
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s\u3000]+/g, ' ')
    .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '')
    .trim();
}

/** Words of a package name: `com.samsung.android.app.contacts` → [com, samsung, android, app, contacts]. */
export function packageWords(pkg: string): string[] {
  return pkg.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
}
