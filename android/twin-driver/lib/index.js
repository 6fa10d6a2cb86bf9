// Entry point Appium loads (package.json `appium.mainClass`).
export { DeviceTwinDriver } from './driver.js';
export { DeviceTwinDriver as default } from './driver.js';
