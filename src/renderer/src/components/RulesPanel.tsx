// The rule set in force: state, revision, files and the errors of a rejected install; install a
// rule file, roll back to an earlier revision.
import { useState } from 'react';
import type { RulesStatus } from '../../../shared/console-api';
import { byOf, useConsole } from '../api/console-context';
import { useLiveEvent } from '../live/use-live';
import { messageOf } from '../util/format';
import { useLoader } from '../util/use-loader';
import { RuleErrors } from './RuleErrors';
import { RuleInstallForm } from './RuleInstallForm';

const NONE: RulesStatus = { state: 'empty', revision: null, storeId: null, errors: [] };

export function RulesPanel() {
  const { api, operator } = useConsole();
  const { value: status, error, reload } = useLoader(() => api.rulesStatus(), NONE);
  const [ref, setRef] = useState('');
  const [note, setNote] = useState<string | null>(null);
  useLiveEvent(['rules.'], reload);

  const rollback = async () => {
    const value = ref.trim();
    if (!value) return;
    try {
      const r = await api.rollbackRules(/^\d+$/.test(value) ? Number(value) : value, byOf(operator));
      setNote(r.ok ? `rolled back: revision ${r.revision} (#${r.storeId}) runs` : r.message);
    } catch (e) {
      setNote(messageOf(e));
    }
    reload();
  };

  return (
    <section className="panel rules-panel" aria-label="rules">
      <header className="panel-head">
        <h2>Rules</h2>
        <span className={`state state-${status.state}`} data-testid="rules-state">
          {status.state}
        </span>
      </header>
      {error && <p className="error">{error}</p>}
      <dl className="facts">
        <dt>revision</dt>
        <dd data-testid="rules-revision">{status.revision ?? '—'}</dd>
        <dt>store id</dt>
        <dd>{status.storeId ?? '—'}</dd>
        {status.files && (
          <>
            <dt>files</dt>
            <dd className="files">{status.files.join(' · ')}</dd>
          </>
        )}
      </dl>
      <RuleErrors errors={status.errors} />
      <RuleInstallForm onDone={reload} />
      <div className="rollback">
        <input aria-label="rollback to" placeholder="store id or revision" value={ref} onChange={(e) => setRef(e.target.value)} />
        <button onClick={rollback}>Rollback</button>
        {note && <span className="muted">{note}</span>}
      </div>
    </section>
  );
}
