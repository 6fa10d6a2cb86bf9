// Rule errors as file:line:col — code: message.
import type { RuleError } from '../../../shared/console-api';

export function RuleErrors({ errors }: { errors: RuleError[] }) {
  if (errors.length === 0) return null;
  return (
    <ul className="rule-errors">
      {errors.map((e, i) => (
        <li key={i} data-testid="rule-error">
          <code>
            {e.file}:{e.line}:{e.col}
          </code>{' '}
          <span className="muted">{e.code}</span> {e.message}
        </li>
      ))}
    </ul>
  );
}
