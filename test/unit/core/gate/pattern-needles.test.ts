// T3 skips a pattern when none of its needles is in the text. That is only sound if the pattern
// cannot match text without one of them: checked here on every string of the golden cases (a
// sample) and of the public benchmark, and on texts made to match each pattern.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTENT_PATTERNS, type Pattern } from '../../../../src/core/gate/content-score';
import { VENDOR_TOKENS } from '../../../../src/core/secrets/token-formats';

const golden = join(import.meta.dirname, '../../../golden/cases');
const publicCases = join(import.meta.dirname, '../../../../../shared/bench/gate-public.jsonl');

function strings(value: unknown, out: string[]): void {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) strings(v, out);
}

/** Every string of every 7th golden case (and all public ones): requests and observations alike. */
function corpus(): string[] {
  const out: string[] = [];
  const files = readdirSync(golden).filter((f) => f.endsWith('.jsonl')).map((f) => join(golden, f));
  if (existsSync(publicCases)) files.push(publicCases);
  let n = 0;
  for (const file of files) {
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (!line.trim() || (n++ % 7 !== 0 && file !== publicCases)) continue;
      strings(JSON.parse(line).steps, out);
    }
  }
  return [...new Set(out)];
}

const all: Pattern[] = [...CONTENT_PATTERNS.shell, ...CONTENT_PATTERNS.secrets, ...CONTENT_PATTERNS.injection];
const needled = all.filter((p) => p.needles);

function missing(p: Pattern, text: string): boolean {
  const lower = text.toLowerCase().replaceAll('ſ', 's');
  return p.re.test(text) && !p.needles!.some((n) => lower.includes(n));
}

describe('T3 pattern needles', () => {
  it('most patterns have needles, all lower-case and non-empty', () => {
    expect(needled.length).toBeGreaterThan(all.length * 0.7);
    for (const p of needled) for (const n of p.needles!) expect(n.length > 0 && n === n.toLowerCase(), `${p.what}: ${n}`).toBe(true);
  });

  it('no pattern matches a string of the cases without one of its needles', () => {
    const texts = corpus();
    expect(texts.length).toBeGreaterThan(10_000);
    const wrong: string[] = [];
    for (const text of texts) for (const p of needled) if (missing(p, text)) wrong.push(`${p.what}: ${text.slice(0, 80)}`);
    expect(wrong).toEqual([]);
  });

  it("a vendor token's needles come from its marker, and a token in any case still finds them", () => {
    const samples: Record<string, string> = {
      'SendGrid API key': 'SG.abcdefghijklmnop.ABCDEFGHIJKLMNOPQRSTUV',
      'Shopify token': `shpat_${'a1'.repeat(16)}`,
      'Telegram bot token': `123456789:AA${'x'.repeat(33)}`,
      'Vault token': `hvs.${'Q'.repeat(24)}`,
      'Notion token': `ntn_${'b'.repeat(40)}`,
      'Doppler token': `dp.pt.${'c'.repeat(40)}`,
      'Azure storage key': `AccountKey=${'A'.repeat(86)}==`,
      'Azure AD client secret': `abc1Q~${'d'.repeat(32)}`,
    };
    for (const [what, text] of Object.entries(samples)) {
      const p = CONTENT_PATTERNS.secrets.find((x) => x.what === what)!;
      expect(p.needles, what).toBeDefined();
      expect(p.re.test(text), what).toBe(true);
      expect(missing(p, text), what).toBe(false);
    }
    expect(CONTENT_PATTERNS.secrets.filter((p) => VENDOR_TOKENS.some((t) => t.what === p.what)).every((p) => p.needles)).toBe(true);
  });

  it('the long s, which case-insensitive Unicode patterns fold to s, does not hide a needle', () => {
    const p = CONTENT_PATTERNS.secrets.find((x) => x.what === 'password' && x.re.flags.includes('u'))!;
    expect(p.re.test('paſſword: Hunter2!x')).toBe(true);
    expect(missing(p, 'paſſword: Hunter2!x')).toBe(false);
  });
});
