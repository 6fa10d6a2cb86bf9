// One audit record: seq, time, kind and what it says.
import type { ReactNode } from 'react';
import type { AuditRecordView } from '../../../shared/console-api';
import { timeOf } from '../util/format';
import { DecisionBadge } from './DecisionBadge';

export function AuditRecordRow({ record }: { record: AuditRecordView }) {
  const r = record as AuditRecordView & Record<string, unknown>;
  const rules = Array.isArray(r.rules) ? (r.rules as string[]).join(', ') : '';
  let what: ReactNode;
  if (r.kind === 'decision') what = <DecisionBadge decision={String(r.decision)} />;
  else if (r.kind === 'outcome') what = <span className="muted">{String(r.status)} ({String(r.source ?? '')})</span>;
  else what = <span className="operator-action">{String(r.action)} by {String(r.operator)}</span>;
  return (
    <tr data-testid="audit-row" data-kind={r.kind}>
      <td className="num">{r.seq}</td>
      <td className="muted">{timeOf(r.ts)}</td>
      <td>{r.kind}</td>
      <td>{what}</td>
      <td>{r.agent ? String(r.agent) : ''}</td>
      <td className="rule-names">{rules}</td>
      <td className="reason">
        {typeof r.code === 'string' && <span className="code">{r.code} </span>}
        {typeof r.reason === 'string' ? r.reason : typeof r.error === 'string' ? r.error : ''}
      </td>
    </tr>
  );
}
