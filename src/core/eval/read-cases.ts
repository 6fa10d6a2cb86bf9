// Reading a JSONL file of evaluation cases: every unreadable line is reported by number.
import { EvalCaseSchema, type EvalCase } from '../protocol/schema';
import { fromZodError } from '../protocol/errors';

export interface CaseLineError {
  line: number;
  message: string;
}

export function parseCaseLines(text: string): { cases: Array<{ line: number; value: EvalCase }>; errors: CaseLineError[] } {
  const cases: Array<{ line: number; value: EvalCase }> = [];
  const errors: CaseLineError[] = [];
  text.split('\n').forEach((raw, i) => {
    const line = i + 1;
    const trimmed = raw.trim();
    if (!trimmed) return;
    let data: unknown;
    try {
      data = JSON.parse(trimmed);
    } catch (error) {
      errors.push({ line, message: `not valid JSON: ${(error as Error).message}` });
      return;
    }
    const parsed = EvalCaseSchema.safeParse(data);
    if (!parsed.success) {
      errors.push({ line, message: fromZodError(data, parsed.error, 'invalid_case', 'invalid case').message });
      return;
    }
    cases.push({ line, value: parsed.data });
  });
  return { cases, errors };
}
