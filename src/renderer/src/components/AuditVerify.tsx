// Verify the whole audit log: every record re-hashed, every checkpoint recomputed.
import { useState } from 'react';
import type { VerifyReportView } from '../../../shared/console-api';
import { useConsole } from '../api/console-context';
import { messageOf, short } from '../util/format';

export function AuditVerify() {
  const { api } = useConsole();
  const [report, setReport] = useState<VerifyReportView | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const verify = async () => {
    try {
      setReport(await api.auditVerify());
      setFailure(null);
    } catch (e) {
      setFailure(messageOf(e));
    }
  };
  return (
    <div className="audit-verify">
      <button onClick={verify}>Verify</button>
      {failure && <span className="error">{failure}</span>}
      {report && (
        <span className={`verify-result ${report.ok ? 'ok' : 'bad'}`} data-testid="audit-verify-result">
          {report.ok ? 'OK' : 'FAILED'} — {report.size} records, root {short(report.root, 16)} ({report.hash_alg}), {report.storedCheckpoints} checkpoints
          {report.problems.length > 0 && (
            <ul>
              {report.problems.map((p, i) => (
                <li key={i}>
                  {p.seq !== undefined ? `#${p.seq} ` : ''}
                  {p.code}: {p.message}
                </li>
              ))}
            </ul>
          )}
        </span>
      )}
    </div>
  );
}
