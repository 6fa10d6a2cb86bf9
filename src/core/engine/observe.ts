// Recording what an executed action returned as provenance for the session.
import type { Catalog } from '../catalog/catalog';
import type { LabelClass } from '../catalog/schema';
import type { AgentEvent } from '../event/agent-event';
import { otpCodesIn } from '../gate/content-score';
import type { Observe } from '../protocol/schema';
import { atomsOfJson, atomsOfText, contentLeaves, type AtomCandidate } from '../provenance/atoms';
import type { ProvenanceSource } from '../provenance/store';
import type { SessionState } from '../session/session-state';
import { fieldRole } from '../normalize/screen-context';

export interface SourceLabel {
  label: string;
  classes: readonly LabelClass[];
}

/** What a read by this event is labelled as: its app's kind, its private host, or its tool's resource. */
export function sourceOf(event: AgentEvent, observed: Observe, catalog: Catalog, privateLabels: ReadonlySet<string>): SourceLabel {
  if (event.channel === 'gui') {
    const info = catalog.kindInfo(catalog.appKind(observed.foreground ?? event.app));
    return { label: info.label, classes: info.classes };
  }
  if (privateLabels.has(event.resource)) return { label: event.resource, classes: ['private'] };
  if (event.resource === 'http' || event.sink?.kind === 'http') {
    if (event.sink && !event.sink.external) return { label: 'internal', classes: [] };
    return { label: 'web', classes: ['untrusted'] };
  }
  const info = catalog.kindInfo(catalog.kindOfResource(event.resource));
  return { label: info.label, classes: info.classes };
}

/** Applies field values seen on a screen to the device's screen context. */
export function applyScreenFields(session: SessionState, event: Pick<AgentEvent, 'device' | 'agent' | 'app'>, observed: Observe, catalog: Catalog): void {
  if (!observed.fields && !observed.foreground) return;
  const screen = session.screen(event.device ?? `agent:${event.agent}`);
  const app = observed.foreground ?? event.app;
  if (app) screen.switchTo(app);
  const kind = catalog.appKind(screen.app ?? event.app);
  for (const [key, value] of Object.entries(observed.fields ?? {})) screen.setField(key, fieldRole({ resourceId: key }, kind), value);
}

export function recordObservation(session: SessionState, event: AgentEvent, observed: Observe, source: ProvenanceSource, catalog: Catalog, privateLabels: ReadonlySet<string>): number {
  const label = sourceOf(event, observed, catalog, privateLabels);
  const meta = { eventId: event.id, agent: event.agent, source };
  const atoms = new Map<string, AtomCandidate>();
  const untrusted: string[] = [];
  const texts: string[] = [];
  for (const text of observed.texts ?? []) {
    atomsOfText(text, false, atoms);
    texts.push(text);
  }
  for (const value of [observed.body, observed.result]) {
    if (value === undefined) continue;
    atomsOfJson(value, atoms);
    const leaves = contentLeaves(value);
    texts.push(...leaves);
    if (label.classes.includes('untrusted')) untrusted.push(...leaves);
  }
  if (label.classes.includes('untrusted')) untrusted.push(...(observed.texts ?? []));
  let added = session.provenance.record(atoms.values(), label.label, label.classes, meta);
  if (untrusted.length > 0) session.provenance.recordUntrusted(untrusted, label.label, event.id);
  // One-time codes arriving in messages and notifications are secrets wherever they go next.
  if (label.classes.includes('untrusted') || label.classes.includes('private')) {
    const otps = new Map<string, AtomCandidate>();
    for (const text of texts) for (const code of otpCodesIn(text)) otps.set(code, { key: code, digits: code.length >= 6 ? code : null, raw: code });
    if (otps.size > 0) added += session.provenance.record(otps.values(), '2fa', ['private', 'secret'], meta);
  }
  return added;
}
