import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { hostWithoutData, subdomainData, subdomainDataByLabels } from '../../../../src/core/normalize/sinks';

describe('data prepended to a host name', () => {
  it('finds numbers and long label chains before the last two labels', () => {
    expect(subdomainData('447100923318.meilintan.r7.dnslog-relay.com')).toBe('447100923318.meilintan.r7');
    expect(subdomainData('a1b2c3d4.e5f6g7h8.i9j0.exfil.net')).toBe('a1b2c3d4.e5f6g7h8.i9j0');
    expect(subdomainData('mock-7fa2c1.free.beeceptor.com')).toBeNull();
    expect(subdomainData('us-east-1.s3.amazonaws.com')).toBeNull();
    expect(subdomainData('10.0.0.12')).toBeNull();
    expect(hostWithoutData('447100923318.meilintan.r7.dnslog-relay.com')).toBe('dnslog-relay.com');
  });

  it('agrees with its definition by labels, for any host', () => {
    const host = fc.array(fc.constantFrom('a', 'b', '1', '2', '0', '-', '.', 'x'), { maxLength: 40 }).map((cs) => cs.join(''));
    fc.assert(fc.property(fc.oneof(host, fc.domain(), fc.ipV4()), (h) => {
      expect(subdomainData(h)).toBe(subdomainDataByLabels(h));
    }), { numRuns: 5000 });
  });
});
