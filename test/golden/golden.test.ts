// The golden corpus: rules + events → expected decisions, one runner for every case file.
// Files: test/golden/cases/*.jsonl and the public benchmark in ../shared/bench when present.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCaseLines } from '../../src/core/eval/read-cases';
import { matches, runCase } from '../../src/core/eval/run-case';
import { defaultPack } from '../helpers/engine';

const here = resolve(__dirname);
const files = readdirSync(join(here, 'cases')).filter((f) => f.endsWith('.jsonl')).map((f) => join(here, 'cases', f));
const shared = resolve(here, '../../../shared/bench/gate-public.jsonl');
if (existsSync(shared)) files.push(shared);

for (const file of files) {
  describe(`golden ${file.split('/').slice(-2).join('/')}`, () => {
    const { cases, errors } = parseCaseLines(readFileSync(file, 'utf8'));
    it('every line is a valid case', () => expect(errors).toEqual([]));
    for (const { value } of cases) {
      it(`${value.id} ${value.title}`, () => {
        const outcome = runCase(defaultPack(), value);
        const misses = outcome.steps
          .filter((s) => s.expect !== undefined && !matches(s.decision, s.expect))
          .map((s) => `step ${s.step + 1}: expected ${s.expect}, got ${s.decision} (${s.tier} ${s.rules.join(',')}: ${s.reason})`);
        expect(misses).toEqual([]);
      });
    }
  });
}
