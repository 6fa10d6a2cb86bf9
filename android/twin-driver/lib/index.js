export class DeviceTwinDriver {}
