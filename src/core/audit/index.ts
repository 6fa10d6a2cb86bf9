// Public surface of the audit model (pure): canonical JSON, hashes, Merkle proofs, records,
// redaction, checkpoints and backtest replay.
export * from './errors';
export * from './canonical-json';
export * from './hash';
export * from './sm3';
export * from './merkle';
export * from './redact';
export * from './record';
export * from './checkpoint';
export * from './backtest';
