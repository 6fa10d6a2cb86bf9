// Structural checks beyond the schema: the channel's object is present, GUI ops have what they need.
import type { ActionRequest, PlanStep } from '../protocol/schema';
import type { FieldIssue } from '../protocol/errors';

const NEEDS_TARGET = new Set(['tap', 'long_press', 'type', 'clear']);

const CHANNELS = ['gui', 'api', 'tool', 'llm'] as const;

/** A target that names nothing: no key with a value. */
function emptyTarget(target: object | undefined): boolean {
  if (!target) return true;
  for (const key in target) if ((target as Record<string, unknown>)[key] !== undefined) return false;
  return true;
}

/** Problems of one request or plan step (the common, well-formed case allocates nothing but the empty list). */
export function stepIssues(step: PlanStep | ActionRequest, prefix: string, device: string | undefined): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const channel = step.channel;
  const fields = step as Record<string, unknown>;
  if (channel !== 'llm' && fields[channel] === undefined) {
    issues.push({ field: `${prefix}${channel}`, message: `${prefix}${channel} is required when ${prefix}channel is "${channel}"` });
  }
  for (const other of CHANNELS) {
    if (other !== channel && fields[other] !== undefined) issues.push({ field: `${prefix}${other}`, message: `${prefix}${other} does not belong to a "${channel}" request`, value: other });
  }
  if (channel === 'gui' && step.gui) {
    const gui = step.gui;
    // (a plan's GUI steps are gated without one, against the agent's own screen context: the
    // decision does not depend on which device; executing them needs one, and says so)
    if (!device && prefix === '') issues.push({ field: 'device', message: 'device is required for gui actions (the Appium udid of the device)' });
    if (NEEDS_TARGET.has(gui.op) && emptyTarget(gui.target)) {
      issues.push({ field: `${prefix}gui.target`, message: `${prefix}gui.target needs at least one of resourceId, text, contentDesc, className, xpath, point for op "${gui.op}"` });
    }
    if (gui.op === 'type' && gui.text === undefined) issues.push({ field: `${prefix}gui.text`, message: `${prefix}gui.text is required for op "type"` });
    if (gui.op === 'key' && !gui.key) issues.push({ field: `${prefix}gui.key`, message: `${prefix}gui.key is required for op "key"` });
    if (gui.op === 'launch_app' && !gui.app) issues.push({ field: `${prefix}gui.app`, message: `${prefix}gui.app is required for op "launch_app"` });
  }
  return issues;
}
