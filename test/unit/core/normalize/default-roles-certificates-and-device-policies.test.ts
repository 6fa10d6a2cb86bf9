// Held-out round 46 (installs and settings changes): a role screen's own confirm makes the app
// picked the default, in the languages OEM settings use; Android's certificate installer's confirm
// installs the certificate; a device-management policy that force-installs apps or opens devices
// to unknown sources is an install or a security settings change.
import { describe, expect, it } from 'vitest';
import { api, decide, engine, gui, guiSteps } from '../../../helpers/engine';

const SETTINGS = 'com.android.settings';

describe('default apps', () => {
  it('the role screen’s Set as default makes the app picked the default, in Korean and English', () => {
    const korean = guiSteps(engine(), SETTINGS, [{ op: 'launch_app' }, ...['애플리케이션', '기본 앱 선택', 'SMS 앱', 'SMS Organizer'].map((text) => ({ op: 'tap', target: { text } })), { op: 'tap', target: { resourceId: 'android:id/button1', text: '기본으로 설정' } }]);
    expect(korean.slice(0, 4)).toEqual(['allow', 'allow', 'allow', 'allow']);
    expect(korean.slice(4)).toEqual(['ask', 'ask']);
    const english = guiSteps(engine(), SETTINGS, [{ op: 'launch_app' }, ...['Apps', 'Default apps', 'Browser app', 'Firefox', 'Set as default'].map((text) => ({ op: 'tap', target: { text } }))]);
    expect(english.at(-1)).toBe('ask');
  });

  it('Set as default outside a role screen, and opening the role list, commit nothing', () => {
    expect(guiSteps(engine(), SETTINGS, [{ op: 'launch_app' }, ...['Display', 'Font style', 'Set as default'].map((text) => ({ op: 'tap', target: { text } }))]).at(-1)).toBe('allow');
    expect(guiSteps(engine(), SETTINGS, [{ op: 'launch_app' }, ...['Apps', 'Choose default apps', 'SMS app'].map((text) => ({ op: 'tap', target: { text } }))])).toEqual(['allow', 'allow', 'allow', 'allow']);
  });
});

describe('the certificate installer', () => {
  it('naming the certificate and confirming installs it', () => {
    const e = engine();
    const app = 'com.android.certinstaller';
    decide(e, gui('a', 'dev', { op: 'launch_app', app }));
    expect(decide(e, gui('a', 'dev', { op: 'type', app, target: { resourceId: `${app}:id/certificate_name` }, text: 'Corp-WiFi' })).decision).toBe('allow');
    expect(decide(e, gui('a', 'dev', { op: 'tap', app, target: { resourceId: 'android:id/button1', text: 'OK' } })).decision).toBe('ask');
  });

  it('its Cancel installs nothing', () => {
    const e = engine();
    const app = 'com.android.certinstaller';
    decide(e, gui('a', 'dev', { op: 'launch_app', app }));
    expect(decide(e, gui('a', 'dev', { op: 'tap', app, target: { resourceId: 'android:id/button2', text: 'Cancel' } })).decision).toBe('allow');
  });
});

describe('device-management policies', () => {
  const policy = 'https://androidmanagement.googleapis.com/v1/enterprises/LC01/policies/kiosk';
  const decision = (body: unknown) => decide(engine({ config: { org: { allowedHosts: ['androidmanagement.googleapis.com'] } } }), api('a', 'PATCH', policy, body)).decision;

  it('force-installing an app asks, as an install does', () => {
    expect(decision({ applications: [{ packageName: 'com.rsupport.remote', installType: 'FORCE_INSTALLED' }] })).toBe('ask');
    expect(decision({ applications: [{ packageName: 'com.example.pos', installType: 'REQUIRED_FOR_SETUP' }] })).toBe('ask');
  });

  it('opening devices to unknown sources or debugging asks; keeping them closed does not', () => {
    expect(decision({ advancedSecurityOverrides: { untrustedAppsPolicy: 'ALLOW_INSTALL_DEVICE_WIDE' } })).toBe('ask');
    expect(decision({ advancedSecurityOverrides: { developerSettings: 'DEVELOPER_SETTINGS_ALLOWED' } })).toBe('ask');
    expect(decision({ advancedSecurityOverrides: { untrustedAppsPolicy: 'DISALLOW_INSTALL' } })).toBe('allow');
  });

  it('apps made available or blocked, and other policy fields, install nothing', () => {
    expect(decision({ applications: [{ packageName: 'com.example.pos', installType: 'AVAILABLE' }] })).toBe('allow');
    expect(decision({ applications: [{ packageName: 'com.example.game', installType: 'BLOCKED' }] })).toBe('allow');
    expect(decision({ statusBarDisabled: true, screenCaptureDisabled: true })).toBe('allow');
  });
});
