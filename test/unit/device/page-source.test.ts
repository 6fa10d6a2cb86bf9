import { describe, expect, it } from 'vitest';
import { parsePageSource, toObserve, toScreen } from '../../../src/device/page-source';
import { locatorFor, resolveTarget, keyCode } from '../../../src/device/target';

const SOURCE = `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>
<hierarchy index="0" class="hierarchy" rotation="0" width="1080" height="2400">
  <android.widget.FrameLayout index="0" package="com.google.android.gm" class="android.widget.FrameLayout" text="" resource-id="" clickable="false" bounds="[0,0][1080,2400]" content-desc="">
    <android.widget.TextView index="0" package="com.google.android.gm" class="android.widget.TextView" text="Compose" resource-id="com.google.android.gm:id/toolbar_title" clickable="false" bounds="[0,84][1080,252]" content-desc="" />
    <android.widget.EditText index="1" package="com.google.android.gm" class="android.widget.EditText" text="bob@x.io" resource-id="com.google.android.gm:id/to" clickable="true" bounds="[0,252][1080,420]" content-desc="" hint="To" />
    <android.widget.EditText index="2" package="com.google.android.gm" class="android.widget.EditText" text="•••" password="true" resource-id="" clickable="true" bounds="[0,420][1080,588]" content-desc="" hint="" />
    <android.widget.LinearLayout index="3" package="com.google.android.gm" class="android.widget.LinearLayout" text="" resource-id="" clickable="true" bounds="[0,588][1080,800]" content-desc="">
      <android.widget.TextView index="0" package="com.google.android.gm" class="android.widget.TextView" text="Tom &amp; Jerry &quot;Q&quot;" resource-id="com.google.android.gm:id/senders" clickable="false" bounds="[0,588][1080,700]" content-desc="" />
    </android.widget.LinearLayout>
    <android.widget.ImageButton index="4" package="com.google.android.gm" class="android.widget.ImageButton" text="" resource-id="com.google.android.gm:id/send" clickable="true" bounds="[900,84][1080,252]" content-desc="Send" />
  </android.widget.FrameLayout>
</hierarchy>`;

describe('page source → observations', () => {
  it('parses nodes with attributes, entities and parents', () => {
    const nodes = parsePageSource(SOURCE);
    expect(nodes).toHaveLength(7);
    expect(nodes[5].text).toBe('Tom & Jerry "Q"');
    expect(nodes[5].parent).toBe(4);
    expect(nodes[2]).toMatchObject({ editable: true, resourceId: 'com.google.android.gm:id/to', bounds: [0, 252, 1080, 420] });
  });

  it('gives visible texts, field values by resource-id and the foreground package', () => {
    const o = toObserve(parsePageSource(SOURCE));
    expect(o.foreground).toBe('com.google.android.gm');
    expect(o.texts).toEqual(['Compose', 'Tom & Jerry "Q"', 'Send']);
    expect(o.fields).toEqual({ 'com.google.android.gm:id/to': 'bob@x.io', 'android.widget.EditText#1': '•••' });
  });

  it('versions a screen by the hash of its source', () => {
    const a = toScreen(SOURCE);
    expect(a.version).toMatch(/^[0-9a-f]{16}$/);
    expect(toScreen(SOURCE).version).toBe(a.version);
    expect(toScreen(SOURCE.replace('bob@x.io', 'eve@x.io')).version).not.toBe(a.version);
  });
});

describe('targets', () => {
  const nodes = parsePageSource(SOURCE);
  it('resolves short ids, content-desc and text', () => {
    expect(resolveTarget(nodes, { resourceId: 'to' }, 'com.google.android.gm')?.node.hint).toBe('To');
    expect(resolveTarget(nodes, { contentDesc: 'Send' })?.center).toEqual({ x: 990, y: 168 });
    expect(resolveTarget(nodes, { text: 'nope' })).toBeUndefined();
  });

  it('hit-tests points to the deepest reacting node and describes it for the gate', () => {
    const r = resolveTarget(nodes, { point: { x: 950, y: 100 } });
    expect(r?.described).toMatchObject({ contentDesc: 'Send', resourceId: 'com.google.android.gm:id/send' });
    const row = resolveTarget(nodes, { point: { x: 10, y: 600 } });
    expect(row?.node.cls).toBe('android.widget.LinearLayout');
    expect(row?.described.text).toBe('Tom & Jerry "Q"');
  });

  it('builds Appium locators', () => {
    expect(locatorFor({ resourceId: 'to' }, 'com.google.android.gm')).toEqual({ using: 'id', value: 'com.google.android.gm:id/to' });
    expect(locatorFor({ contentDesc: 'Send' })).toEqual({ using: 'accessibility id', value: 'Send' });
    expect(locatorFor({ text: 'OK', className: 'android.widget.Button' })).toEqual({ using: 'xpath', value: '//android.widget.Button[@text="OK"]' });
    expect(locatorFor({ xpath: '//x' })).toEqual({ using: 'xpath', value: '//x' });
    expect(keyCode('enter')).toBe(66);
    expect(keyCode('KEYCODE_BACK')).toBe(4);
    expect(keyCode('NOPE')).toBeUndefined();
  });
});

describe('fleet config files', () => {
  it('accepts the README example and names bad fields', async () => {
    const { parseFleetConfig } = await import('../../../src/device/fleet-config');
    const ok = parseFleetConfig({
      endpoint: { kind: 'local', allowInsecure: ['uiautomator2:adb_shell'] },
      commandTimeoutMs: 60000,
      devices: [
        { id: 'emu-1', udid: 'emulator-5554', automationName: 'UiAutomator2', avd: 'Pixel_8_API_35', systemPort: 8201 },
        { id: 'emu-2', udid: 'emulator-5556', automationName: 'UiAutomator2', avd: 'Pixel_8_API_35_2', systemPort: 8202 },
      ],
    });
    expect(ok.ok).toBe(true);
    const bad = parseFleetConfig({ endpoint: { kind: 'grid', url: 'not a url' }, devices: [{ id: 'a', systemPort: 8201 }, { id: 'a', systemPort: 8201 }] });
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.message).toMatch(/endpoint\.url/);
      expect(bad.message).toMatch(/duplicate device id "a"/);
      expect(bad.message).toMatch(/systemPort 8201 is used by two devices/);
    }
    expect(parseFleetConfig({ endpoint: { kind: 'local', allowInsecure: ['adb_shell'] }, devices: [{ id: 'x' }] }).ok).toBe(false);
  });
});
