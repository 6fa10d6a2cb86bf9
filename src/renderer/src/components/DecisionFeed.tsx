// The live decision feed, newest first, filtered by agent and decision.
import { useMemo, useState } from 'react';
import { useDecisions } from '../live/use-live';
import { DecisionRow } from './DecisionRow';
import { FeedFilters, type FeedFilter } from './FeedFilters';

export function DecisionFeed() {
  const decisions = useDecisions();
  const [filter, setFilter] = useState<FeedFilter>({ agent: '', decision: '' });
  const agents = useMemo(() => [...new Set(decisions.map((d) => String(d.agent ?? '')))].filter(Boolean).sort(), [decisions]);
  const shown = decisions.filter((d) => {
    const decision = (d.decision as { decision?: string } | undefined)?.decision;
    return (!filter.agent || d.agent === filter.agent) && (!filter.decision || decision === filter.decision);
  });
  return (
    <section className="panel feed" aria-label="decision feed">
      <header className="panel-head">
        <h2>Decisions</h2>
        <FeedFilters agents={agents} filter={filter} onChange={setFilter} />
      </header>
      {shown.length === 0 ? (
        <p className="empty">{decisions.length === 0 ? 'Waiting for decisions…' : 'No decision matches the filter.'}</p>
      ) : (
        <ol className="feed-list">
          {shown.map((d, i) => (
            <DecisionRow key={`${String(d.event)}-${i}`} event={d} />
          ))}
        </ol>
      )}
    </section>
  );
}
