/**
 * What a cold question's frame runs for the first time on its page: each such function is
 * compiled while the question waits, and runs without the type feedback later questions have; it is
 * what the kit's rehearsal did not reach. Read with V8's precise coverage (call counts), which
 * changes how V8 tiers code: a load of its own, never a timed one.
 */
import type { CDPSession } from "playwright-core";
import { callSiteAt, type SourceLocator } from "./show-trace";

type CoverageRange = { startOffset: number; endOffset: number; count: number };
type CoverageFunction = { functionName: string; ranges: CoverageRange[] };
type ScriptCoverage = { scriptId: string; url: string; functions: CoverageFunction[] };
type Coverage = { result: ScriptCoverage[] };

/** Which code a function is: the kit's (`src/`), the page's own (`src/demo/`), or other (libraries). */
export type CodeOwner = "kit" | "demo page" | "other";
export type FirstRunFunction = { where: string; owner: CodeOwner; bytes: number; calls: number };

const ownerOf = (where: string): CodeOwner =>
  / src\/demo\//.test(where) ? "demo page" : / src\//.test(where) ? "kit" : "other";

const functionKey = (url: string, fn: CoverageFunction) => `${url}|${fn.ranges[0]?.startOffset}`;

/** Counts calls from here on; before the page's navigation, so its load is counted too. */
export async function startCallCounts(cdp: CDPSession): Promise<void> {
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.startPreciseCoverage", { callCount: true, detailed: false });
  await cdp.send("Debugger.enable");
}

async function takeCoverage(cdp: CDPSession): Promise<Coverage> {
  return (await cdp.send("Profiler.takePreciseCoverage")) as unknown as Coverage;
}

/**
 * Runs `ask` on a page that loaded after `startCallCounts` and idled: the functions that ran in
 * the question frame's task and never before it, heaviest first. `stopAfterFrame` arms the page
 * to stop in the debugger in the first task after the question's frame (before it paints or runs
 * anything else), where the coverage is read.
 */
export async function firstRunInFrame(
  cdp: CDPSession,
  stopAfterFrame: () => Promise<unknown>,
  ask: () => Promise<unknown>,
  locate: SourceLocator,
): Promise<FirstRunFunction[]> {
  const before = new Set<string>();
  for (const script of (await takeCoverage(cdp)).result) {
    for (const fn of script.functions) {
      if ((fn.ranges[0]?.count ?? 0) > 0) before.add(functionKey(script.url, fn));
    }
  }
  const atFrameEnd: { coverage: Promise<Coverage> | null } = { coverage: null };
  const onPaused = () => {
    const taken = takeCoverage(cdp);
    atFrameEnd.coverage ??= taken;
    void taken.finally(() => cdp.send("Debugger.resume").catch(() => undefined));
  };
  cdp.on("Debugger.paused", onPaused);
  try {
    await stopAfterFrame();
    await ask();
  } finally {
    cdp.off("Debugger.paused", onPaused);
  }
  if (atFrameEnd.coverage === null) throw new Error("the question's frame never reached the page");
  const sources = new Map<string, Promise<string>>();
  const sourceOf = (scriptId: string) => {
    let source = sources.get(scriptId);
    if (source === undefined) {
      source = cdp
        .send("Debugger.getScriptSource", { scriptId })
        .then((reply) => reply.scriptSource);
      sources.set(scriptId, source);
    }
    return source;
  };
  const found: FirstRunFunction[] = [];
  for (const script of (await atFrameEnd.coverage).result) {
    if (!script.url.startsWith("http")) continue;
    for (const fn of script.functions) {
      const range = fn.ranges[0];
      if (range === undefined || range.count === 0 || before.has(functionKey(script.url, fn))) {
        continue;
      }
      const text = await sourceOf(script.scriptId);
      const where = await locate(callSiteAt(text, range.startOffset, fn.functionName, script.url));
      found.push({
        where,
        owner: ownerOf(where),
        bytes: range.endOffset - range.startOffset,
        calls: range.count,
      });
    }
  }
  return found.sort((left, right) => right.bytes - left.bytes);
}
