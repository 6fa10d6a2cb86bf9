// Install the text of one .rules file into the running pack (hot: validate → compile → swap).
import { useState } from 'react';
import type { InstallResult } from '../../../shared/console-api';
import { byOf, useConsole } from '../api/console-context';
import { messageOf } from '../util/format';
import { RuleErrors } from './RuleErrors';

const EXAMPLE = `rule console.example priority 200
  when effect is send and resource is email
  then deny "no mail today"
`;

export function RuleInstallForm({ onDone }: { onDone: () => void }) {
  const { api, operator } = useConsole();
  const [file, setFile] = useState('90-console.rules');
  const [text, setText] = useState(EXAMPLE);
  const [result, setResult] = useState<InstallResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const install = async () => {
    setBusy(true);
    try {
      setResult(await api.installRules(file.trim(), text, byOf(operator)));
      setFailure(null);
    } catch (e) {
      setResult(null);
      setFailure(messageOf(e));
    } finally {
      setBusy(false);
      onDone();
    }
  };

  return (
    <div className="rule-install">
      <label>
        file
        <input aria-label="rule file name" value={file} onChange={(e) => setFile(e.target.value)} spellCheck={false} />
      </label>
      <textarea aria-label="rule text" value={text} onChange={(e) => setText(e.target.value)} rows={6} spellCheck={false} />
      <button onClick={install} disabled={busy}>
        Install
      </button>
      {failure && <p className="error">{failure}</p>}
      {result && (
        <div className={`install-result ${result.ok ? 'ok' : 'bad'}`} data-testid="install-result">
          {result.ok ? (
            <span>{result.unchanged ? `unchanged: revision ${result.revision} already runs` : `installed revision ${result.revision} (#${result.storeId})`}</span>
          ) : (
            <>
              <span>{result.message}</span>
              <RuleErrors errors={result.errors} />
            </>
          )}
        </div>
      )}
    </div>
  );
}
