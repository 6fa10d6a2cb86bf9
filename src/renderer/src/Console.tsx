// The console's layout once it has an API: live feed, approvals, agents, rules, audit.
import { useEffect, useMemo, useState } from 'react';
import type { ConsoleApi } from '../../shared/console-api';
import { ConsoleContext } from './api/console-context';
import { AgentsTable } from './components/AgentsTable';
import { ApprovalsPanel } from './components/ApprovalsPanel';
import { AuditView } from './components/AuditView';
import { DecisionFeed } from './components/DecisionFeed';
import { RulesPanel } from './components/RulesPanel';
import { StatusBar } from './components/StatusBar';
import { LiveHub } from './live/live-hub';

const OPERATOR_KEY = 'agentflow.operator';

export function Console({ api }: { api: ConsoleApi }) {
  const hub = useMemo(() => new LiveHub(api), [api]);
  const [operator, setOperator] = useState(() => window.sessionStorage.getItem(OPERATOR_KEY) ?? '');
  useEffect(() => {
    hub.start();
    return () => hub.close();
  }, [hub]);
  const changeOperator = (name: string) => {
    setOperator(name);
    window.sessionStorage.setItem(OPERATOR_KEY, name);
  };
  return (
    <ConsoleContext.Provider value={{ api, hub, operator }}>
      <StatusBar onOperator={changeOperator} />
      <main className="layout">
        <DecisionFeed />
        <div className="side">
          <ApprovalsPanel />
          <AgentsTable />
        </div>
        <RulesPanel />
        <AuditView />
      </main>
    </ConsoleContext.Provider>
  );
}
