import { MAX_URL_LENGTH } from "./constants";

/** True for an absolute http(s) URL without credentials and at most 2048 characters. */
export function isSafeHttpUrl(url: string): boolean {
  if (url.length === 0 || url.length > MAX_URL_LENGTH) return false;
  if (!/^https?:\/\//i.test(url)) return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return false;
  return parsed.username === "" && parsed.password === "";
}
