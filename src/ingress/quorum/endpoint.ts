// The MIRROR receiver as a network endpoint: each path authenticates with its own token (the
// paths are separately addressed: a gateway/broker/proxy per path), slots are fed to the pure
// QuorumReceiver, deadlines run on a real timer, decisions go to `onDecision`.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { checkPathConfig, QuorumReceiver, type QuorumDecision, type QuorumPathSpec, type PathStatus, type OfferResult } from '../../core/quorum';
import type { AgentFlowError } from '../../core/protocol/errors';
import { readJsonBody } from '../http/body';
import { ingressError, sendError, sendJson } from '../http/errors';
import { bearerOf, tokenMatches } from '../http/token';

export interface QuorumPathEntry extends QuorumPathSpec {
  /** Secret the path's gateway presents as `Authorization: Bearer <token>`. */
  token: string;
}

export interface QuorumEndpointOptions {
  paths: QuorumPathEntry[];
  /** How long the other slots of a message may lag its first slot. Default 2 000 ms. */
  slotTimeoutMs?: number;
  /** Messages older than this (by their own timestamp) are stale. Default 60 000 ms. */
  maxAgeMs?: number;
  maxFutureMs?: number;
  now?: () => number;
  /** Body limit for one slot. Default 256 KiB. */
  bodyLimit?: number;
}

export class QuorumEndpoint {
  private readonly receiver: QuorumReceiver;
  private readonly listeners = new Set<(d: QuorumDecision) => void>();
  private readonly retireListeners = new Set<(p: PathStatus) => void>();
  private retired = new Set<string>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private timerAt = Infinity;
  private closed = false;

  private constructor(
    private readonly opts: QuorumEndpointOptions,
    receiver: QuorumReceiver,
  ) {
    this.receiver = receiver;
  }

  static create(opts: QuorumEndpointOptions): { ok: true; endpoint: QuorumEndpoint } | { ok: false; error: AgentFlowError } {
    const checked = checkPathConfig(opts.paths.map((p) => ({ id: p.id, group: p.group })));
    if (!checked.ok) return checked;
    const tokens = new Set(opts.paths.map((p) => p.token));
    if (tokens.size !== opts.paths.length || opts.paths.some((p) => !p.token || p.token.length < 16)) {
      return { ok: false, error: { code: 'config_invalid', message: 'quorum path configuration refused: every path needs its own token of at least 16 characters', issues: [] } };
    }
    const now = opts.now ?? Date.now;
    const receiver = new QuorumReceiver({ config: checked.config, clock: { now }, slotTimeoutMs: opts.slotTimeoutMs ?? 2_000, maxAgeMs: opts.maxAgeMs ?? 60_000, maxFutureMs: opts.maxFutureMs });
    return { ok: true, endpoint: new QuorumEndpoint(opts, receiver) };
  }

  get k(): number {
    return this.receiver.k;
  }

  onDecision(listener: (d: QuorumDecision) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  pathStatus(): PathStatus[] {
    return this.receiver.pathStatus();
  }

  /** Called once for every path the receiver retires (also for retirements caused by late slots). */
  onRetire(listener: (p: PathStatus) => void): () => void {
    this.retireListeners.add(listener);
    return () => this.retireListeners.delete(listener);
  }

  pathForToken(token: string | null): string | null {
    if (!token) return null;
    let found: string | null = null;
    for (const p of this.opts.paths) if (tokenMatches(token, p.token)) found = p.id;
    return found;
  }

  offer(pathId: string, raw: unknown): OfferResult {
    const result = this.receiver.offer(pathId, raw);
    this.emit(result.decisions);
    this.schedule();
    return result;
  }

  /** HTTP handler for `POST <route>`: authenticates the path, reads the slot, answers 202. */
  async handle(req: IncomingMessage, res: ServerResponse): Promise<{ status: number; code?: string; message?: string }> {
    const path = this.pathForToken(bearerOf(req.headers.authorization));
    if (!path) {
      req.resume();
      const err = ingressError('unauthorized', 'quorum slot without a valid path token (Authorization: Bearer <path token>)');
      return { status: sendError(res, err), code: err.code, message: err.message };
    }
    const body = await readJsonBody(req, this.opts.bodyLimit);
    if (!body.ok) return { status: sendError(res, body.error), code: body.error.code, message: body.error.message };
    const result = this.offer(path, body.value);
    if (result.status === 'ignored' && result.reason === 'malformed') {
      const err = ingressError('invalid_request', `quorum slot from path "${path}": ${result.detail}`);
      return { status: sendError(res, err), code: err.code, message: err.message };
    }
    sendJson(res, 202, { status: result.status, ...(result.status === 'ignored' ? { reason: result.reason, detail: result.detail } : {}) });
    return { status: 202 };
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private emit(decisions: QuorumDecision[]): void {
    for (const d of decisions) for (const l of this.listeners) l(d);
    for (const p of this.receiver.pathStatus()) {
      if (p.retired && !this.retired.has(p.id)) {
        this.retired.add(p.id);
        for (const l of this.retireListeners) l(p);
      } else if (!p.retired) this.retired.delete(p.id);
    }
  }

  private schedule(): void {
    if (this.closed) return;
    const next = this.receiver.nextDeadline();
    if (next === null) return;
    if (this.timer && next >= this.timerAt) return;
    if (this.timer) clearTimeout(this.timer);
    const now = (this.opts.now ?? Date.now)();
    this.timerAt = next;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.timerAt = Infinity;
      this.emit(this.receiver.expire());
      this.schedule();
    }, Math.max(0, next - now) + 1);
    this.timer.unref?.();
  }
}
