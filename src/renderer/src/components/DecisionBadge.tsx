// allow / deny / ask as a coloured badge.
export function DecisionBadge({ decision }: { decision: string }) {
  return <span className={`badge badge-${decision}`}>{decision}</span>;
}
