// Small display helpers shared by the panels.
export function timeOf(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '—';
  return new Date(ms).toLocaleTimeString([], { hour12: false });
}

export function secondsLeft(expiresAt: number, now: number): number {
  return Math.max(0, Math.ceil((expiresAt - now) / 1000));
}

export function messageOf(error: unknown): string {
  const message = (error as { message?: unknown })?.message;
  return typeof message === 'string' ? message : String(error);
}

export function short(hash: string | null | undefined, n = 12): string {
  return hash ? hash.slice(0, n) : '—';
}
