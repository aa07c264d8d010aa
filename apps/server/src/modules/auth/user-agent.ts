import { createRequire } from 'node:module';

/** What ua-parser-js 1.x (MIT; 2.x is AGPL) reads from a User-Agent header. */
interface UaResult {
  browser: { name?: string };
  os: { name?: string };
  device: { type?: string; vendor?: string; model?: string };
}

let parser: ((ua: string) => UaResult) | undefined;
/** Loaded on first use (no sign-in or device list is on the start path); the package ships no types. */
function parse(ua: string): UaResult {
  parser ??= createRequire(import.meta.url)('ua-parser-js') as (ua: string) => UaResult;
  return parser(ua);
}

export interface DeviceDescription {
  /** "Chrome on Android", "Safari on iOS", "Firefox"; null when the user agent tells nothing. */
  name: string | null;
  browser: string | null;
  os: string | null;
  /** 'mobile' | 'tablet' | 'desktop' (no device type in a desktop user agent) | null when unknown. */
  deviceType: string | null;
}

/** Names a device from its User-Agent header ("Chrome on Android"). */
export function describeUserAgent(userAgent: string | null | undefined): DeviceDescription {
  if (!userAgent) return { name: null, browser: null, os: null, deviceType: null };
  const r = parse(userAgent.slice(0, 512));
  const browser = r.browser.name ?? null;
  const os = r.os.name ?? null;
  const type = r.device.type ?? null;
  const deviceType = type === 'mobile' || type === 'tablet' ? type : browser && os ? 'desktop' : type;
  const name = browser && os ? `${browser} on ${os}` : (browser ?? os);
  return { name, browser, os, deviceType };
}
