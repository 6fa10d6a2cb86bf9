// multipart/form-data bodies (Mailgun, Twilio media, Slack files.upload): each part becomes a
// field named by its Content-Disposition name, so a multipart send is lifted like the same send
// written as JSON or a form. A file part's content is the field's value.

/** The boundary named in a Content-Type header, or the one the body opens with. */
function boundaryOf(body: string, contentType: string): string | null {
  const declared = /boundary=(?:"([^"]+)"|([^\s;]+))/i.exec(contentType);
  if (declared) return declared[1] ?? declared[2];
  const opening = /^--([^\r\n]{1,200})\r?\n/.exec(body);
  return opening && /content-disposition:\s*form-data/i.test(body) ? opening[1] : null;
}

/** The parts of a multipart/form-data body as fields (repeated names joined with commas), or null when it is not one. */
export function multipartFields(body: string, contentType: string): Record<string, string> | null {
  if (!/multipart\/form-data/i.test(contentType) && !body.startsWith('--')) return null;
  const boundary = boundaryOf(body, contentType);
  if (!boundary) return null;
  const fields: Record<string, string> = {};
  let found = false;
  for (const chunk of body.split(`--${boundary}`)) {
    const headerEnd = /\r?\n\r?\n/.exec(chunk);
    if (!headerEnd) continue;
    const headers = chunk.slice(0, headerEnd.index);
    const name = /content-disposition:[^\r\n]*?\bname="([^"]*)"/i.exec(headers)?.[1] ?? /content-disposition:[^\r\n]*?\bname=([^\s;]+)/i.exec(headers)?.[1];
    if (name === undefined) continue;
    const value = chunk.slice(headerEnd.index + headerEnd[0].length).replace(/\r?\n$/, '');
    fields[name] = fields[name] ? `${fields[name]},${value}` : value;
    found = true;
  }
  return found ? fields : null;
}
