/**
 * Where a page's main-thread time goes over a stretch, from a CDP CPU profile: the kit's own
 * scripts (the plugin's bundle), the page's other scripts (the host's), the engine's work outside
 * script (style, layout, paint: V8's "(program)") and garbage collection. Used by
 * `bench:control-ui` with ASK_BENCH_PROFILE=1, in rounds of their own: sampling slows the page.
 */
import { writeFile } from "node:fs/promises";
import type { CDPSession } from "playwright-core";

const SAMPLING_INTERVAL_US = 100;
const US_PER_MS = 1000;

/** Milliseconds of main-thread time, by whose work it was. */
export type Shares = { kit: number; page: number; engine: number; gc: number };

export const SHARE_NAMES = ["kit", "page", "engine", "gc"] as const;

type ProfileNode = { id: number; callFrame: { functionName: string; url: string } };
type Profile = { nodes: ProfileNode[]; samples?: number[]; timeDeltas?: number[] };

export async function startProfile(cdp: CDPSession): Promise<void> {
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: SAMPLING_INTERVAL_US });
  await cdp.send("Profiler.start");
}

/**
 * Stops the profile and sums each sample's time into the share of the code it was taken in;
 * `saveAs` also keeps the raw profile, a `.cpuprofile` that DevTools' Performance panel opens.
 */
export async function stopProfile(
  cdp: CDPSession,
  kitUrlPart: string,
  saveAs?: string,
): Promise<Shares> {
  const { profile } = (await cdp.send("Profiler.stop")) as { profile: Profile };
  await cdp.send("Profiler.disable");
  if (saveAs !== undefined) await writeFile(saveAs, JSON.stringify(profile));
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const shares: Shares = { kit: 0, page: 0, engine: 0, gc: 0 };
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  samples.forEach((id, index) => {
    // A sample stands for the time until the next one.
    const ms = (deltas[index + 1] ?? 0) / US_PER_MS;
    const frame = nodes.get(id)?.callFrame;
    if (frame === undefined) return;
    const name = frame.functionName;
    if (name === "(idle)" || name === "(root)") return;
    if (name === "(garbage collector)") shares.gc += ms;
    else if (name === "(program)") shares.engine += ms;
    else if (frame.url.includes(kitUrlPart)) shares.kit += ms;
    else shares.page += ms;
  });
  return shares;
}
