// Filters of the decision feed: by agent and by decision.
export interface FeedFilter {
  agent: string;
  decision: string;
}

export function FeedFilters({ agents, filter, onChange }: { agents: string[]; filter: FeedFilter; onChange: (f: FeedFilter) => void }) {
  return (
    <div className="filters">
      <label>
        agent
        <select aria-label="filter by agent" value={filter.agent} onChange={(e) => onChange({ ...filter, agent: e.target.value })}>
          <option value="">all</option>
          {agents.map((a) => (
            <option key={a} value={a}>
              {a}
            </option>
          ))}
        </select>
      </label>
      <label>
        decision
        <select aria-label="filter by decision" value={filter.decision} onChange={(e) => onChange({ ...filter, decision: e.target.value })}>
          <option value="">all</option>
          <option value="allow">allow</option>
          <option value="deny">deny</option>
          <option value="ask">ask</option>
        </select>
      </label>
    </div>
  );
}
