// Canonical bytes of a quorum message (MIRROR): stable JSON with sorted keys, so every honest
// path and the receiver hash exactly the same bytes. Sender, sequence number and timestamp are
// part of the canonical bytes, so a replayed or re-timed message has a different digest.
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

export interface QuorumMessage {
  v: 1;
  /** Sender id (the agent or planner that signs off the plan). */
  sender: string;
  /** Per-sender sequence number, strictly increasing. */
  seq: number;
  /** Sender clock, milliseconds since epoch. */
  ts: number;
  /** The payload: for plans, an ActionRequest with channel `llm`. Any JSON value. */
  body: unknown;
}

export class CanonicalJsonError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CanonicalJsonError';
  }
}

/** Stable JSON: object keys sorted by UTF-16 code units, no whitespace, only JSON values. */
export function canonicalJson(value: unknown): string {
  return write(value, '$');
}

function write(value: unknown, at: string): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return JSON.stringify(value);
    case 'number':
      if (!Number.isFinite(value)) throw new CanonicalJsonError(`${at}: non-finite number ${value} has no JSON form`);
      return JSON.stringify(value);
    case 'object': {
      if (Array.isArray(value)) return `[${value.map((v, i) => write(v === undefined ? null : v, `${at}[${i}]`)).join(',')}]`;
      const proto = Object.getPrototypeOf(value);
      if (proto !== Object.prototype && proto !== null) throw new CanonicalJsonError(`${at}: only plain objects are allowed`);
      const keys = Object.keys(value as object)
        .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
        .sort();
      return `{${keys.map((k) => `${JSON.stringify(k)}:${write((value as Record<string, unknown>)[k], `${at}.${k}`)}`).join(',')}}`;
    }
    default:
      throw new CanonicalJsonError(`${at}: ${typeof value} has no JSON form`);
  }
}

export function canonicalMessage(message: QuorumMessage): string {
  return canonicalJson({ v: message.v, sender: message.sender, seq: message.seq, ts: message.ts, body: message.body });
}

/** Lower-case hex SHA-256 of the UTF-8 bytes of `text`. */
export function digestOf(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}

/**
 * Parses a canonical message text back. Returns null unless the text is exactly the canonical
 * encoding of a well-formed message (so one message has one byte form and one digest).
 */
export function parseCanonicalMessage(text: string): QuorumMessage | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
  const m = parsed as Record<string, unknown>;
  const keys = Object.keys(m).sort().join(',');
  if (keys !== 'body,sender,seq,ts,v' && keys !== 'sender,seq,ts,v') return null;
  if (m.v !== 1 || typeof m.sender !== 'string' || m.sender.length === 0) return null;
  if (typeof m.seq !== 'number' || !Number.isSafeInteger(m.seq) || m.seq < 0) return null;
  if (typeof m.ts !== 'number' || !Number.isFinite(m.ts)) return null;
  const message: QuorumMessage = { v: 1, sender: m.sender, seq: m.seq, ts: m.ts, body: m.body };
  try {
    if (canonicalMessage(message) !== text) return null;
  } catch {
    return null;
  }
  return message;
}
