import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { idWords, idWordsByRegex } from '../../../../src/core/catalog/words';

describe('words of an id', () => {
  it('splits resource ids, camel case and tool names', () => {
    expect(idWords('com.whatsapp:id/chathistory_send_button_image')).toEqual(['chathistory', 'send', 'button', 'image']);
    expect(idWords('dialButton')).toEqual(['dial', 'button']);
    expect(idWords('http_request')).toEqual(['http', 'request']);
    expect(idWords('v1/sendSMS2Fast')).toEqual(['send', 'sms2', 'fast']);
    expect(idWords('发送_button')).toEqual(['button']);
  });

  it('agrees with its definition, for any id', () => {
    const id = fc.array(fc.constantFrom('a', 'B', 'c', 'D', '1', '_', '-', '/', ':id/', ' ', 'é', 'K'), { maxLength: 30 }).map((cs) => cs.join(''));
    fc.assert(
      fc.property(fc.oneof(id, fc.string({ maxLength: 30 })), (s) => {
        expect(idWords(s)).toEqual(idWordsByRegex(s));
      }),
      { numRuns: 5000 },
    );
  });
});
