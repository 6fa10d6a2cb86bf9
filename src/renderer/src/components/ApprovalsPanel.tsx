// Actions held for an operator (`ask`): approve or deny before the time runs out (then: deny).
import { useState } from 'react';
import type { PendingApproval } from '../../../shared/console-api';
import { byOf, useConsole } from '../api/console-context';
import { useLiveEvent } from '../live/use-live';
import { messageOf, secondsLeft } from '../util/format';
import { useLoader } from '../util/use-loader';
import { useNow } from '../util/use-now';

export function ApprovalsPanel() {
  const { api, operator } = useConsole();
  const { value: approvals, error, reload } = useLoader(() => api.pendingApprovals(), [] as PendingApproval[]);
  const [failure, setFailure] = useState<string | null>(null);
  const now = useNow();
  useLiveEvent(['approval.requested', 'approval.resolved', 'agent.status'], reload);

  const answer = async (item: PendingApproval, approve: boolean) => {
    try {
      const r = approve ? await api.approve(item.event, byOf(operator)) : await api.deny(item.event, byOf(operator));
      setFailure(r.ok ? null : r.error.message);
    } catch (e) {
      setFailure(messageOf(e));
    }
    reload();
  };

  return (
    <section className="panel approvals" aria-label="approvals">
      <header className="panel-head">
        <h2>Approvals {approvals.length > 0 && <span className="count">{approvals.length}</span>}</h2>
      </header>
      {(error || failure) && <p className="error">{failure ?? error}</p>}
      {approvals.length === 0 ? (
        <p className="empty">Nothing is waiting for an operator.</p>
      ) : (
        <ul className="approval-list">
          {approvals.map((a) => {
            const left = secondsLeft(a.expiresAt, now);
            return (
              <li key={a.event} className="approval-row" data-testid="approval-row" data-event={a.event}>
                <div className="approval-what">
                  <strong>{a.agent}</strong> <span className="muted">{a.channel}</span> {a.label}
                </div>
                <div className="reason">{a.reason}</div>
                <div className="rule-names">{a.rules.join(', ')}</div>
                <div className="approval-actions">
                  <span className={`time-left ${left <= 15 ? 'urgent' : ''}`} data-testid="time-left">
                    {left} s left
                  </span>
                  <button className="approve" onClick={() => answer(a, true)}>
                    Approve
                  </button>
                  <button className="deny" onClick={() => answer(a, false)}>
                    Deny
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
