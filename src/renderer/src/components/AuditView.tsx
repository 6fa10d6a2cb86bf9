// The audit trail of one session, and verification of the log.
import { useState } from 'react';
import type { AuditRecords } from '../../../shared/console-api';
import type { SessionSummary } from '../../../shared/console-api';
import { useConsole } from '../api/console-context';
import { useLiveEvent } from '../live/use-live';
import { messageOf } from '../util/format';
import { useLoader } from '../util/use-loader';
import { AuditRecordRow } from './AuditRecordRow';
import { AuditVerify } from './AuditVerify';

export function AuditView() {
  const { api } = useConsole();
  const { value: sessions, reload: reloadSessions } = useLoader(() => api.sessions(), [] as SessionSummary[]);
  const [session, setSession] = useState('');
  const [records, setRecords] = useState<AuditRecords | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useLiveEvent(['decision'], reloadSessions);

  const load = async (id: string) => {
    setSession(id);
    if (!id) return setRecords(null);
    try {
      setRecords(await api.auditRecords(id, 500));
      setFailure(null);
    } catch (e) {
      setFailure(messageOf(e));
    }
  };

  return (
    <section className="panel audit" aria-label="audit">
      <header className="panel-head">
        <h2>Audit</h2>
        <select aria-label="audit session" value={session} onChange={(e) => load(e.target.value)}>
          <option value="">choose a session…</option>
          {sessions.map((s) => (
            <option key={s.id} value={s.id}>
              {s.id} ({s.events} events)
            </option>
          ))}
        </select>
        <button onClick={() => load(session)} disabled={!session}>
          Reload
        </button>
        <AuditVerify />
      </header>
      {failure && <p className="error">{failure}</p>}
      {records && (
        <>
          <p className="muted">
            {records.total} records in session {records.session}
            {records.total > records.records.length ? `, the newest ${records.records.length} shown` : ''}
          </p>
          <table className="audit-table">
            <thead>
              <tr>
                <th>seq</th>
                <th>time</th>
                <th>kind</th>
                <th>what</th>
                <th>agent</th>
                <th>rules</th>
                <th>reason</th>
              </tr>
            </thead>
            <tbody>
              {records.records.map((r) => (
                <AuditRecordRow key={r.seq} record={r} />
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
