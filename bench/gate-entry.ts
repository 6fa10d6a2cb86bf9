// What the gate benchmark runs, bundled like the shipped app bundles it (see gate.bench.ts).
export { loadPack, readPackFiles } from '../src/app/pack-loader';
export { parsePolicyConfig } from '../src/core/config/policy-config';
export { PolicyEngine } from '../src/core/engine/engine';
export { counterIds } from '../src/core/engine/ports';
export { compilePack } from '../src/core/rules/pack';
