// Agents with their mode and status, and the operator interrupts.
import { useState } from 'react';
import type { AgentSummary, InterruptKind } from '../../../shared/console-api';
import { byOf, useConsole } from '../api/console-context';
import { useLiveEvent } from '../live/use-live';
import { messageOf, timeOf } from '../util/format';
import { useLoader } from '../util/use-loader';

const ACTIONS: Array<{ kind: InterruptKind; label: string; when: (a: AgentSummary) => boolean }> = [
  { kind: 'PAUSE', label: 'Pause', when: (a) => a.status !== 'paused' && a.status !== 'halted' },
  { kind: 'RESUME', label: 'Resume', when: (a) => a.status === 'paused' },
  { kind: 'HALT', label: 'Halt', when: (a) => a.status !== 'halted' },
  { kind: 'LIFT', label: 'Lift', when: (a) => a.status === 'halted' || a.status.startsWith('breaker') },
];

export function AgentsTable() {
  const { api, operator } = useConsole();
  const { value: agents, error, reload } = useLoader(() => api.agents(), [] as AgentSummary[]);
  const [failure, setFailure] = useState<string | null>(null);
  useLiveEvent(['agent.status', 'decision', 'config.changed'], reload);

  const send = async (kind: InterruptKind, agent: string) => {
    try {
      await api.interrupt(kind, agent, byOf(operator));
      setFailure(null);
    } catch (e) {
      setFailure(messageOf(e));
    }
    reload();
  };

  return (
    <section className="panel agents" aria-label="agents">
      <header className="panel-head">
        <h2>Agents</h2>
      </header>
      {(error || failure) && <p className="error">{failure ?? error}</p>}
      {agents.length === 0 ? (
        <p className="empty">No agent has been seen yet.</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th>agent</th>
              <th>mode</th>
              <th>status</th>
              <th>last seen</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {agents.map((a) => (
              <tr key={a.id} data-testid={`agent-row-${a.id}`}>
                <td>
                  {a.id}
                  {a.role && <span className="muted"> {a.role}</span>}
                </td>
                <td>{a.mode ?? '—'}</td>
                <td>
                  <span className={`status status-${a.status.split(' ')[0]}`} data-testid="agent-status">
                    {a.status}
                  </span>
                </td>
                <td className="muted">{timeOf(a.lastSeen)}</td>
                <td className="actions">
                  {ACTIONS.map((action) => (
                    <button key={action.kind} disabled={!action.when(a)} onClick={() => send(action.kind, a.id)}>
                      {action.label}
                    </button>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
