// Header: product, transport, live-stream state, and the operator's name for the audit log.
import { useConsole } from '../api/console-context';
import { useStreamState } from '../live/use-live';

export function StatusBar({ onOperator }: { onOperator: (name: string) => void }) {
  const { api, operator } = useConsole();
  const state = useStreamState();
  return (
    <header className="topbar">
      <h1>AgentFlow</h1>
      <span className="muted">operator console · {api.transport === 'electron' ? 'desktop' : 'browser'}</span>
      <span className={`stream stream-${state}`} data-testid="stream-state">
        live: {state}
      </span>
      <label className="operator">
        operator
        <input aria-label="operator name" placeholder="(server default)" value={operator} onChange={(e) => onOperator(e.target.value)} />
      </label>
    </header>
  );
}
