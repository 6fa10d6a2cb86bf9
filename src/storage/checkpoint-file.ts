// Reading and writing checkpoint files that pin an audit log's state outside the database.
import { readFileSync, writeFileSync } from 'node:fs';
import { parseCheckpointFile, type Checkpoint } from '../core/audit/checkpoint';
import { auditError } from '../core/audit/errors';

export function readCheckpointFile(path: string): Checkpoint[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw auditError('checkpoint_invalid', `${path}: cannot read the checkpoint file (${(error as Error).message})`, path, error);
  }
  return parseCheckpointFile(text, path);
}

/** Writes checkpoints as JSON Lines (one per line), the format `audit verify --checkpoint` reads. */
export function writeCheckpointFile(path: string, checkpoints: readonly Checkpoint[]): void {
  writeFileSync(path, checkpoints.map((c) => JSON.stringify(c)).join('\n') + '\n');
}
