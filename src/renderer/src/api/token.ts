// The bearer token of a browser console: `agentflow serve` prints `http://host:port/#token=…`.
// The fragment is read once, kept in sessionStorage (this tab only) and removed from the address
// bar, so it does not linger in history or screenshots.
const KEY = 'agentflow.token';

export function takeToken(): string | null {
  const match = /(?:^#|&)token=([^&]+)/.exec(window.location.hash);
  if (match) {
    const token = decodeURIComponent(match[1]);
    window.sessionStorage.setItem(KEY, token);
    window.history.replaceState(null, '', window.location.pathname + window.location.search);
    return token;
  }
  return window.sessionStorage.getItem(KEY);
}

export function storeToken(token: string): void {
  window.sessionStorage.setItem(KEY, token);
}

export function forgetToken(): void {
  window.sessionStorage.removeItem(KEY);
}
