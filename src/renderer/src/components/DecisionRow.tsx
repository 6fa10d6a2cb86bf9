// One decision of the live feed: what was asked, the decision, tier, rules, reason and flows.
import type { LiveEvent } from '../../../shared/console-api';
import { timeOf } from '../util/format';
import { DecisionBadge } from './DecisionBadge';

interface DecisionPayload {
  decision: string;
  tier: string;
  rules: string[];
  reason: string;
  flows: Array<{ from?: string; to?: string }>;
  code?: string;
}

export function DecisionRow({ event }: { event: LiveEvent }) {
  const d = (event.decision ?? {}) as Partial<DecisionPayload>;
  const decision = String(d.decision ?? '?');
  const flows = Array.isArray(d.flows) ? d.flows : [];
  const resolution = event.resolution as { approve: boolean; by: string } | undefined;
  return (
    <li className={`feed-row feed-${decision}`} data-testid="feed-row" data-decision={decision} data-agent={String(event.agent ?? '')}>
      <div className="feed-head">
        <DecisionBadge decision={decision} />
        <span className="tier">{String(d.tier ?? '')}</span>
        <span className="agent">{String(event.agent ?? '')}</span>
        <span className="muted">{String(event.channel ?? '')}</span>
        <span className="label">{String(event.label ?? '')}</span>
        {resolution && (
          <span className={`resolution ${resolution.approve ? 'approved' : 'denied'}`} data-testid="feed-resolution">
            {resolution.approve ? 'approved' : 'denied'} by {resolution.by}
          </span>
        )}
        <span className="muted time">{timeOf(event.ts)}</span>
      </div>
      <div className="feed-body">
        {d.rules && d.rules.length > 0 && (
          <span className="rule-names" data-testid="feed-rules">
            {d.rules.join(', ')}
          </span>
        )}
        {d.code && <span className="code">{d.code}</span>}
        <span className="reason" data-testid="feed-reason">
          {String(d.reason ?? '')}
        </span>
      </div>
      {flows.length > 0 && (
        <div className="flows">
          {flows.map((f, i) => (
            <span key={i} className="flow">
              {f.from} → {f.to}
            </span>
          ))}
        </div>
      )}
    </li>
  );
}
