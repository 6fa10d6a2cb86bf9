// Picks the console's transport at start: the Electron preload API when present, otherwise the
// HTTP client with the bearer token from the URL fragment or this tab's sessionStorage.
import { useState } from 'react';
import type { ConsoleApi } from '../../shared/console-api';
import { httpConsoleApi } from './api/http-console-api';
import { forgetToken, storeToken, takeToken } from './api/token';
import { electronApi } from './api/window-api';
import { Console } from './Console';
import { TokenPrompt } from './components/TokenPrompt';

export function App() {
  const [rejected, setRejected] = useState(false);
  const [api, setApi] = useState<ConsoleApi | null>(() => {
    const electron = electronApi();
    if (electron) return electron;
    const token = takeToken();
    return token ? httpConsoleApi(new URL(window.location.href), token, () => unauthorized()) : null;
  });
  function unauthorized() {
    forgetToken();
    setRejected(true);
    setApi(null);
  }
  if (!api) {
    return (
      <TokenPrompt
        reason={rejected ? 'The control plane refused the token. Paste the current one.' : undefined}
        onToken={(token) => {
          storeToken(token);
          setRejected(false);
          setApi(httpConsoleApi(new URL(window.location.href), token, () => unauthorized()));
        }}
      />
    );
  }
  return <Console api={api} />;
}
