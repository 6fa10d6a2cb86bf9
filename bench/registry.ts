// Benchmarks run by `npm run bench` (agentflow bench). Each prints its own table of
// percentiles and ratios. Add one line per bench file.
export interface BenchSuite {
  name: string;
  run(log: (line: string) => void): Promise<void>;
}

export async function loadSuites(): Promise<BenchSuite[]> {
  const modules = await Promise.all([import('./gate.bench'), import('./ingress.bench'), import('./device.bench'), import('./audit.bench')]);
  return modules.map((m) => m.suite);
}
