// Shown in a browser without a token: paste the one from DATA_DIR/token (or open the URL that
// `agentflow serve` prints, which carries it).
import { useState } from 'react';

export function TokenPrompt({ onToken, reason }: { onToken: (token: string) => void; reason?: string }) {
  const [token, setToken] = useState('');
  return (
    <main className="token-prompt">
      <h1>AgentFlow console</h1>
      <p>{reason ?? 'This console needs the control plane’s bearer token.'}</p>
      <p className="muted">
        Open the address <code>agentflow serve</code> prints (…/#token=…), or paste the token from <code>DATA_DIR/token</code>.
      </p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (token.trim()) onToken(token.trim());
        }}
      >
        <input aria-label="bearer token" type="password" value={token} onChange={(e) => setToken(e.target.value)} autoFocus />
        <button type="submit">Connect</button>
      </form>
    </main>
  );
}
