// Wires quorum decisions into the control plane: accepted plans enter the gate as `llm`
// ActionRequests; rejected ones (and accepted payloads that are not valid plans) are audited
// with the flagged paths.
import type { QuorumDecision } from '../../core/quorum';
import { ActionRequestSchema } from '../../core/protocol/schema';
import { fromZodError } from '../../core/protocol/errors';
import type { ControlPlanePort, SubmitOutcome } from '../ports';
import type { QuorumEndpoint } from './endpoint';

export interface QuorumConnection {
  /** Resolves when every plan submitted so far has its outcome (for tests and shutdown). */
  drain(): Promise<void>;
  close(): void;
}

export function connectQuorum(endpoint: QuorumEndpoint, port: ControlPlanePort, onOutcome?: (d: QuorumDecision, outcome: SubmitOutcome | null) => void): QuorumConnection {
  const inflight = new Set<Promise<void>>();
  const reject = (d: QuorumDecision, reason: string, detail: string) =>
    port.auditQuorumRejection({
      ts: d.decidedAt,
      sender: d.sender,
      seq: d.seq,
      reason,
      detail,
      digest: d.digest,
      matching: d.matching,
      k: endpoint.k,
      flagged: d.flagged,
      slots: d.slots.map((s) => ({ path: s.path, digest: s.digest, status: s.status })),
    });
  const offRetire = endpoint.onRetire((p) => port.auditQuorumPathRetired?.({ ts: Date.now(), path: p.id, group: p.group, reason: p.retiredReason ?? 'retired' }));
  const off = endpoint.onDecision((d) => {
    if (d.outcome === 'rejected') {
      reject(d, d.reason, d.detail);
      onOutcome?.(d, null);
      return;
    }
    const parsed = ActionRequestSchema.safeParse(d.message.body);
    if (!parsed.success || parsed.data.channel !== 'llm') {
      const detail = parsed.success ? `plan must be an ActionRequest with channel "llm" (got "${parsed.data.channel}")` : fromZodError(d.message.body, parsed.error, 'invalid_request', 'quorum plan').message;
      reject(d, 'invalid_plan', detail);
      onOutcome?.(d, null);
      return;
    }
    const p = port
      .submit(parsed.data, { origin: 'quorum', quorum: { sender: d.sender, seq: d.seq, digest: d.digest, matching: d.matching, k: endpoint.k, flagged: d.flagged } })
      .then(
        (outcome) => onOutcome?.(d, outcome),
        (err) => {
          reject(d, 'internal', `control plane failed on an accepted plan: ${(err as Error).message}`);
          onOutcome?.(d, null);
        },
      )
      .finally(() => inflight.delete(p));
    inflight.add(p);
  });
  return {
    drain: async () => {
      while (inflight.size > 0) await Promise.all([...inflight]);
    },
    close: () => {
      off();
      offRetire();
    },
  };
}
