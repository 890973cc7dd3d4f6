/**
 * The page's uncaught exceptions and console errors, which fail a flow, minus the browser's own
 * connection-failure messages while the flow has deliberately cut the page's network or taken
 * its gateway down.
 */

/** What the browser logs for a WebSocket that could not connect, in Chromium's words. */
const WEBSOCKET_FAILURE =
  /^WebSocket connection to '([^']+)' failed: (?:(?:Error in connection establishment|Error during WebSocket handshake): net::(ERR_[A-Z_]+)|(Connection closed before receiving a handshake response))$/;

/**
 * The failures a cut network or a gateway that is down or restarting causes. Anything else (an
 * unsafe port, a blocked address, a refused upgrade) is a fault of the page and still fails.
 */
const CUT_NETWORK_ERRORS = new Set([
  "ERR_INTERNET_DISCONNECTED",
  "ERR_CONNECTION_REFUSED",
  "ERR_CONNECTION_RESET",
  "ERR_CONNECTION_CLOSED",
  "ERR_CONNECTION_ABORTED",
  "ERR_EMPTY_RESPONSE",
]);

const sameEndpoint = (a: string, b: string): boolean => {
  try {
    const left = new URL(a);
    const right = new URL(b);
    return left.protocol === right.protocol && left.host === right.host;
  } catch {
    return false;
  }
};

/** Whether `text` is the browser reporting that a WebSocket to `gatewayUrl` lost the network. */
export function isGatewayNetworkFailure(text: string, gatewayUrl: string): boolean {
  const match = WEBSOCKET_FAILURE.exec(text);
  if (match === null) return false;
  const [, url = "", code, closedEarly] = match;
  const expectedFailure = closedEarly !== undefined || CUT_NETWORK_ERRORS.has(code ?? "");
  return expectedFailure && sameEndpoint(url, gatewayUrl);
}

/** A console message as the page logged it (`type` as Playwright names it), and from where. */
export type ConsoleEntry = { type: string; text: string; url?: string };

/** What the browser logs for a script or other resource it could not fetch. */
const RESOURCE_FAILURE = /^Failed to load resource: net::(ERR_[A-Z_]+)$/;

export type PageErrorLog = {
  /** Everything that fails the flow, in order. */
  readonly errors: string[];
  /** Connection failures that came inside a window `expectNetworkNoise` opened. */
  readonly tolerated: string[];
  uncaught(message: string): void;
  console(entry: ConsoleEntry): void;
  /**
   * Tolerates the browser's connection failures to `gatewayUrl` until `during` settles. Open it
   * just before cutting the network and let `during` end only once the page has reconnected, so
   * a failure that comes after does fail the flow.
   */
  expectNetworkNoise<T>(gatewayUrl: string, during: () => Promise<T>): Promise<T>;
  /** Tolerates the browser's report of a cut network for resources whose URL has `urlPart`. */
  expectFailedResource<T>(urlPart: string, during: () => Promise<T>): Promise<T>;
};

/** Runs `during` with `item` in `list`, taken out again however it ends. */
async function whileListed<T>(list: string[], item: string, during: () => Promise<T>): Promise<T> {
  list.push(item);
  try {
    return await during();
  } finally {
    list.splice(list.indexOf(item), 1);
  }
}

export function createPageErrorLog(): PageErrorLog {
  const errors: string[] = [];
  const tolerated: string[] = [];
  const openWindows: string[] = [];
  const failingResources: string[] = [];
  const isExpectedResourceFailure = ({ text, url }: ConsoleEntry): boolean => {
    const code = RESOURCE_FAILURE.exec(text)?.[1];
    return (
      code !== undefined &&
      CUT_NETWORK_ERRORS.has(code) &&
      failingResources.some((part) => url?.includes(part) === true)
    );
  };
  return {
    errors,
    tolerated,
    uncaught: (message) => {
      errors.push(`uncaught: ${message}`);
    },
    console: (entry) => {
      const { type, text } = entry;
      if (type !== "error") return;
      if (openWindows.some((url) => isGatewayNetworkFailure(text, url))) tolerated.push(text);
      else if (isExpectedResourceFailure(entry)) tolerated.push(text);
      else errors.push(`console: ${text}`);
    },
    expectNetworkNoise: (gatewayUrl, during) => whileListed(openWindows, gatewayUrl, during),
    expectFailedResource: (urlPart, during) => whileListed(failingResources, urlPart, during),
  };
}
