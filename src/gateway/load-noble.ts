// The pure-JS crypto (@noble/*) as a chunk of its own, fetched only where WebCrypto falls short:
// no Ed25519 in crypto.subtle, a pure-JS key already stored, or no crypto.subtle at all (plain-http
// LAN pages). Only ever reached through this dynamic import, so no host loads it up front.
export const loadNoble = () => import("./ed25519-noble");
