// `agentflow audit verify|prove|consistency|checkpoint|check-proof|export`: checks and exports of
// the tamper-evident audit log. Exit codes: 0 ok, 1 verification failed, 2 bad input.
import { readFileSync, writeFileSync } from 'node:fs';
import { checkConsistencyProof, checkInclusionProof, type Checkpoint } from '../../core/audit/checkpoint';
import { isAuditException } from '../../core/audit/errors';
import { openAuditLog, verifyAuditFile, type AuditLog } from '../../storage/audit-log';
import { readCheckpointFile } from '../../storage/checkpoint-file';
import { parseArgs, type CliCommand, type CliIo } from '../command';

const USAGE = [
  'audit verify DB [--checkpoint FILE] [--json]     verify every record, checkpoint and pinned checkpoint',
  'audit prove DB SEQ [--size N]                    print an inclusion proof (JSON) for record SEQ',
  'audit consistency DB --from M [--to N]           print a consistency proof between tree sizes M and N',
  'audit checkpoint DB [--out FILE] [--append]      print/write the current checkpoint (size, root, time) to pin outside the DB',
  'audit check-proof FILE [--root HEX]              verify an exported inclusion/consistency proof offline',
  'audit export DB [--session S] [--out FILE]       write records (one session or all) as JSON Lines',
];

function intArg(value: string | true | undefined, name: string): number | null {
  if (value === undefined) return null;
  if (value === true || !/^\d+$/.test(value)) throw new UsageError(`--${name} needs a non-negative integer, got ${value === true ? 'nothing' : JSON.stringify(value)}`);
  return Number(value);
}

class UsageError extends Error {}
/** Unreadable input (a file that is not what it should be): reported without the usage text. */
class InputError extends Error {}

function withLog<T>(path: string, readonly: boolean, fn: (log: AuditLog) => T): T {
  const log = openAuditLog(path, { readonly });
  try {
    return fn(log);
  } finally {
    log.close();
  }
}

function run(sub: string | undefined, positionals: string[], flags: Map<string, string | true>, io: CliIo): number {
  const db = positionals[0];
  switch (sub) {
    case 'verify': {
      if (!db) throw new UsageError('audit verify: missing DB');
      const cpFile = flags.get('checkpoint');
      if (cpFile === true) throw new UsageError('--checkpoint needs a FILE');
      const pinned: Checkpoint[] = cpFile ? readCheckpointFile(cpFile) : [];
      const report = verifyAuditFile(db, pinned);
      if (flags.get('json')) {
        io.out(JSON.stringify(report));
      } else {
        const head = `${db}: log ${report.log}, ${report.hash_alg}, ${report.size} records, root ${report.root}; ${report.storedCheckpoints} stored and ${report.pinnedCheckpoints} pinned checkpoint(s)`;
        if (report.ok) io.out(`OK ${head}`);
        else {
          io.out(`FAILED ${head}`);
          for (const p of report.problems) io.out(`  ${p.code}${p.seq !== undefined ? ` (seq ${p.seq})` : ''}: ${p.message}`);
        }
      }
      return report.ok ? 0 : 1;
    }
    case 'prove': {
      const seqText = positionals[1];
      if (!db || seqText === undefined) throw new UsageError('audit prove: usage: audit prove DB SEQ [--size N]');
      if (!/^\d+$/.test(seqText)) throw new UsageError(`audit prove: SEQ must be a non-negative integer, got ${JSON.stringify(seqText)}`);
      const size = intArg(flags.get('size'), 'size');
      const proof = withLog(db, true, (log) => log.prove(Number(seqText), size ?? undefined));
      io.out(JSON.stringify(proof, null, 2));
      const check = checkInclusionProof(proof);
      io.err(`${check.ok ? 'verified' : 'DOES NOT VERIFY'}: ${check.message}`);
      return check.ok ? 0 : 1;
    }
    case 'consistency': {
      if (!db) throw new UsageError('audit consistency: missing DB');
      const from = intArg(flags.get('from'), 'from');
      if (from === null) throw new UsageError('audit consistency: --from M is required');
      const to = intArg(flags.get('to'), 'to');
      const proof = withLog(db, true, (log) => log.proveConsistency(from, to ?? undefined));
      io.out(JSON.stringify(proof, null, 2));
      const check = checkConsistencyProof(proof);
      io.err(`${check.ok ? 'verified' : 'DOES NOT VERIFY'}: ${check.message}`);
      return check.ok ? 0 : 1;
    }
    case 'checkpoint': {
      if (!db) throw new UsageError('audit checkpoint: missing DB');
      // Read-only: the checkpoint is computed from the committed records, so this is safe while a
      // server is appending; the server's own checkpoints are stored by the server.
      const cp = withLog(db, true, (log) => log.checkpoint());
      const line = JSON.stringify(cp);
      const out = flags.get('out');
      if (typeof out === 'string') {
        const previous = flags.get('append') ? safeRead(out) : '';
        writeFileSync(out, `${previous}${previous && !previous.endsWith('\n') ? '\n' : ''}${line}\n`);
        io.err(`checkpoint at size ${cp.size} written to ${out}`);
      } else io.out(line);
      return 0;
    }
    case 'check-proof': {
      const file = positionals[0];
      if (!file) throw new UsageError('audit check-proof: missing FILE');
      let proof: unknown;
      try {
        proof = JSON.parse(readFileSync(file, 'utf8'));
      } catch (error) {
        throw new InputError(`${file}: cannot read a JSON proof (${(error as Error).message})`);
      }
      const root = flags.get('root');
      const type = (proof as { type?: unknown })?.type;
      const check = type === 'agentflow.audit.consistency' ? checkConsistencyProof(proof) : checkInclusionProof(proof, typeof root === 'string' ? root : undefined);
      io.out(`${check.ok ? 'OK' : 'FAILED'}: ${check.message}`);
      return check.ok ? 0 : 1;
    }
    case 'export': {
      if (!db) throw new UsageError('audit export: missing DB');
      const session = flags.get('session');
      if (session === true) throw new UsageError('--session needs a session id');
      const jsonl = withLog(db, true, (log) => log.exportJsonl(session));
      const out = flags.get('out');
      if (typeof out === 'string') {
        writeFileSync(out, jsonl);
        io.err(`${jsonl === '' ? 0 : jsonl.trimEnd().split('\n').length} records written to ${out}`);
      } else if (jsonl) io.out(jsonl.trimEnd());
      return 0;
    }
    default:
      throw new UsageError(sub ? `unknown audit sub-command "${sub}"` : 'missing sub-command');
  }
}

function safeRead(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

export const command: CliCommand = {
  name: 'audit',
  summary: 'verify the tamper-evident audit log, print proofs, pin checkpoints, export trails',
  usage: 'audit verify|prove|consistency|checkpoint|check-proof|export …',
  async run(args, io) {
    const { positionals, flags } = parseArgs(args, ['json', 'append']);
    const [sub, ...rest] = positionals;
    try {
      return run(sub, rest, flags, io);
    } catch (error) {
      if (error instanceof UsageError) {
        io.err(`agentflow audit: ${error.message}`);
        io.err(`usage:\n${USAGE.map((l) => `  agentflow ${l}`).join('\n')}`);
        return 2;
      }
      if (error instanceof InputError) {
        io.err(`agentflow audit: ${error.message}`);
        return 2;
      }
      if (isAuditException(error)) {
        io.err(`agentflow audit: ${error.code}: ${error.message}`);
        return 2;
      }
      throw error;
    }
  },
};
