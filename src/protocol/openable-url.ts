import { MAX_URL_LENGTH } from "./constants";

/**
 * A URL the kit may offer to open, as it will be opened: `href` is `scheme` + `host` + `rest`,
 * the host in punycode (a look-alike Unicode name shows what it is) with its port.
 */
export type OpenableUrl = { ok: true; href: string; scheme: string; host: string; rest: string };

/** Why a URL is not offered. */
export type RefusedUrl = { ok: false; reason: string };

// Spaces, controls, invisible characters and direction controls: each can make a URL read as
// something it is not (U+202E shows "moc.elgoog" backwards), so such a URL is refused.
const HIDDEN_CHARACTERS =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
  /[\u0000-\u0020\u007f-\u00a0\u00ad\u061c\u115f\u1160\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\u3164\ufeff]/;
const IPV4_LOOPBACK = /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;

function isLoopback(hostname: string): boolean {
  return hostname === "localhost" || hostname === "[::1]" || IPV4_LOOPBACK.test(hostname);
}

/**
 * Reads a URL a server asks the user to open: `https:` only (plain `http:` only for this computer:
 * 127.0.0.0/8, localhost, [::1]), no user name or password, no hidden characters, at most 2048
 * characters.
 */
export function readOpenableUrl(url: string): OpenableUrl | RefusedUrl {
  const refuse = (reason: string): RefusedUrl => ({ ok: false, reason: `the URL ${reason}` });
  if (url.length > MAX_URL_LENGTH) return refuse(`is longer than ${MAX_URL_LENGTH} characters`);
  if (HIDDEN_CHARACTERS.test(url)) {
    return refuse("contains spaces, invisible characters or direction controls");
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return refuse("is not a URL");
  }
  const secure =
    parsed.protocol === "https:" || (parsed.protocol === "http:" && isLoopback(parsed.hostname));
  if (!secure) return refuse("is not https: (plain http: is opened only on this computer)");
  if (parsed.username !== "" || parsed.password !== "") {
    return refuse("carries a user name or password");
  }
  const { href, host } = parsed;
  const scheme = `${parsed.protocol}//`;
  if (href.length > MAX_URL_LENGTH) return refuse(`is longer than ${MAX_URL_LENGTH} characters`);
  if (!href.startsWith(scheme + host)) return refuse("is not a URL");
  return { ok: true, href, scheme, host, rest: href.slice(scheme.length + host.length) };
}
