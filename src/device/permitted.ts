// Only the gate can mint a permitted action; the device layer executes nothing else
// (DESIGN.md convention 5). A PermittedAction is an opaque, frozen, single-use token: the type is
// branded so no object literal type-checks as one, and the runtime registry of the authority
// that minted it rejects forgeries, copies and replays.
//
// Wiring (src/app): `const permits = createPermitAuthority()`; give `permits.mint` to the gate
// wrapper only (mint after a `decision: "allow"`, or after an operator approved an `ask`), and
// `permits.verifier` to the DeviceExecutor.
import type { ApiAction, Decision, GuiAction, ToolAction } from '../core/protocol/schema';
import { DeviceError } from './errors';

declare const permittedBrand: unique symbol;

export interface PermittedAction {
  readonly [permittedBrand]: 'PermittedAction';
  /** The AgentEvent id the decision was made for (commit provenance under this id). */
  readonly eventId: string;
  readonly session: string;
  readonly agent: string;
  readonly device: string | undefined;
  readonly channel: 'gui' | 'api' | 'tool';
  readonly gui?: Readonly<GuiAction>;
  readonly api?: Readonly<ApiAction>;
  readonly tool?: Readonly<ToolAction>;
  /** Ruleset revision and tier of the allowing decision, or the approving operator. */
  readonly ruleset: string;
  readonly approvedBy?: string;
  readonly mintedAt: number;
}

export interface PermitInput {
  eventId: string;
  session: string;
  agent: string;
  device?: string;
  channel: 'gui' | 'api' | 'tool';
  gui?: GuiAction;
  api?: ApiAction;
  tool?: ToolAction;
  /** The gate's decision for this event. */
  decision: Pick<Decision, 'decision' | 'event' | 'ruleset'>;
  /** Set when an operator approved an `ask`. */
  approvedBy?: string;
}

export interface PermitVerifier {
  /** Returns the token if this authority minted it and it was not used yet; marks it used. */
  consume(candidate: unknown): PermittedAction;
  /** True when the token is genuine and unused (does not consume). */
  isValid(candidate: unknown): boolean;
}

export interface PermitAuthority {
  mint(input: PermitInput): PermittedAction;
  readonly verifier: PermitVerifier;
}

const deepFreeze = <T>(v: T): T => {
  if (v && typeof v === 'object' && !Object.isFrozen(v)) {
    Object.freeze(v);
    for (const x of Object.values(v as object)) deepFreeze(x);
  }
  return v;
};

/** Deeper than this, a copy is left to structuredClone (which also handles cycles). */
const PLAIN_COPY_DEPTH = 32;

/**
 * A frozen deep copy of the action, so the caller cannot change it after the gate decided it.
 * Actions are plain JSON-shaped data, which is copied directly (a third of structuredClone's cost
 * on a tap); anything else — class instances, very deep or cyclic values, functions — goes
 * through structuredClone, which copies what it can and throws on the rest.
 */
function frozenCopy<T>(v: T, depth = 0): T {
  if (v === null || (typeof v !== 'object' && typeof v !== 'function' && typeof v !== 'symbol')) return v;
  if (typeof v !== 'object' || depth > PLAIN_COPY_DEPTH) return deepFreeze(structuredClone(v));
  if (Array.isArray(v)) {
    const out = new Array<unknown>(v.length);
    for (let i = 0; i < v.length; i++) out[i] = frozenCopy(v[i], depth + 1);
    return Object.freeze(out) as T;
  }
  const proto = Object.getPrototypeOf(v);
  if (proto !== Object.prototype && proto !== null) return deepFreeze(structuredClone(v));
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(v)) {
    const value = frozenCopy((v as Record<string, unknown>)[k], depth + 1);
    // a "__proto__" key from JSON is data: define it, never run the prototype setter
    if (k === '__proto__') Object.defineProperty(out, k, { value, enumerable: true, writable: true, configurable: true });
    else out[k] = value;
  }
  return Object.freeze(out) as T;
}

export function createPermitAuthority(now: () => number = Date.now): PermitAuthority {
  // Every token this authority minted, mapped to whether it is still unused.
  const tokens = new WeakMap<object, boolean>();
  const verifier: PermitVerifier = {
    isValid: (c) => typeof c === 'object' && c !== null && tokens.get(c) === true,
    consume(c) {
      const unused = typeof c === 'object' && c !== null ? tokens.get(c) : undefined;
      if (unused === undefined) throw new DeviceError('not_permitted', 'not_permitted: the device layer executes only actions the gate permitted (this token was not minted by the gate)');
      if (!unused) throw new DeviceError('not_permitted', `not_permitted: permitted action for event ${(c as PermittedAction).eventId} was already executed`);
      tokens.set(c as object, false);
      return c as PermittedAction;
    },
  };
  return {
    verifier,
    mint(input) {
      const allowed = input.decision.decision === 'allow' || (input.decision.decision === 'ask' && !!input.approvedBy);
      if (!allowed) throw new DeviceError('not_permitted', `not_permitted: event ${input.eventId} was decided "${input.decision.decision}"${input.decision.decision === 'ask' ? ' and not approved' : ''}`);
      if (input.decision.event !== input.eventId) throw new DeviceError('not_permitted', `not_permitted: decision is for event ${input.decision.event}, not ${input.eventId}`);
      const body = input.channel === 'gui' ? input.gui : input.channel === 'api' ? input.api : input.tool;
      if (!body) throw new DeviceError('not_permitted', `not_permitted: a ${input.channel} permit needs the ${input.channel} action`);
      if (input.channel === 'gui' && !input.device) throw new DeviceError('not_permitted', `not_permitted: a gui permit needs a device (event ${input.eventId})`);
      // Built once and frozen once: the action copy is frozen as it is made, the rest are strings.
      const token: Record<string, unknown> = { eventId: input.eventId, session: input.session, agent: input.agent, device: input.device, channel: input.channel };
      token[input.channel] = frozenCopy(body);
      token.ruleset = input.decision.ruleset;
      if (input.approvedBy) token.approvedBy = input.approvedBy;
      token.mintedAt = now();
      Object.freeze(token);
      tokens.set(token, true);
      return token as unknown as PermittedAction;
    },
  };
}
