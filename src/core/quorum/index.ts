// MIRROR quorum: canonical bytes, sender slot planning, receiver state machine, path config.
export * from './canonical';
export * from './config';
export * from './sender';
export * from './tally';
export * from './receiver';
