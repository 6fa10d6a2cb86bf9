// Errors are data: a discriminated union with stable codes. Messages name the offending input.
import type { z } from 'zod';

export type AgentFlowErrorCode =
  | 'invalid_request'
  | 'unsupported_version'
  | 'unknown_field'
  | 'missing_field'
  | 'invalid_case'
  | 'rule_syntax'
  | 'rule_invalid'
  | 'config_invalid'
  | 'unknown_agent'
  | 'internal';

export interface FieldIssue {
  /** dotted path of the offending field, e.g. `gui.target.resourceId` */
  field: string;
  message: string;
  value?: unknown;
}

export interface AgentFlowError {
  code: AgentFlowErrorCode;
  message: string;
  issues: FieldIssue[];
}

export class AgentFlowException extends Error {
  constructor(readonly error: AgentFlowError) {
    super(error.message);
    this.name = 'AgentFlowException';
  }
}

function preview(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

function valueAt(input: unknown, path: PropertyKey[]): unknown {
  let current: unknown = input;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

/** Turns a zod failure into an AgentFlowError that names every offending field and value. */
export function fromZodError(input: unknown, error: z.ZodError, code: AgentFlowErrorCode, what: string): AgentFlowError {
  const issues: FieldIssue[] = [];
  for (const issue of error.issues) {
    const base = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        const field = base ? `${base}.${key}` : key;
        issues.push({ field, message: `unknown field "${field}"`, value: valueAt(input, [...issue.path, key]) });
      }
      continue;
    }
    const value = valueAt(input, issue.path);
    const field = base || '(root)';
    const shown = value === undefined ? 'missing' : `got ${preview(value)}`;
    issues.push({ field, message: `${field}: ${issue.message} (${shown})`, value });
  }
  const resolved = issues.some((i) => i.field === 'v' && i.value !== undefined) && code === 'invalid_request' ? 'unsupported_version' : code;
  const unknown = issues.every((i) => i.message.startsWith('unknown field')) && issues.length > 0 && resolved === 'invalid_request';
  return {
    code: unknown ? 'unknown_field' : resolved,
    message: `${what}: ${issues.map((i) => i.message).join('; ')}`,
    issues,
  };
}

export function agentFlowError(code: AgentFlowErrorCode, message: string, issues: FieldIssue[] = []): AgentFlowError {
  return { code, message, issues };
}
