/**
 * What the benches that open OpenClaw's Control UI beside the kit's demo page share: the question
 * they ask, the selectors of each page's question UI, the gateway's version, and medians.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { HOST_QUESTION_UI } from "../../src/openclaw/plugin/host-classes";
import { peerDir } from "../peer-install";

/** One single-select question, two options and an own answer. */
export const QUESTION = {
  questionId: "target",
  header: "Target",
  question: "Which environment should receive this release?",
  options: [{ label: "Staging" }, { label: "Production" }],
  isOther: true,
};

const [HOST_DOCK, HOST_PANEL] = HOST_QUESTION_UI;

export { HOST_PANEL };
/** The Control UI's own question panel in its composer dock. */
export const STOCK_QUESTION_UI = `${HOST_DOCK} ${HOST_PANEL}`;
export const KIT_COMPOSER_DOCK = ".ask-composer-dock";
/** The kit's dock or card in the composer dock (plugin and demo page alike). */
export const KIT_QUESTION_UI = `${KIT_COMPOSER_DOCK} .ask-dock, ${KIT_COMPOSER_DOCK} .ask-card`;
/** The Control UI's chat composer: shown once the app has rendered its chat view. */
export const HOST_COMPOSER = ".agent-chat__composer-combobox > textarea";

/** The cached gateway's version. */
export async function openclawVersion(): Promise<string> {
  const manifest = await readFile(
    join(peerDir, "node_modules", "openclaw", "package.json"),
    "utf8",
  );
  const { version } = JSON.parse(manifest) as { version?: unknown };
  return typeof version === "string" ? version : "unknown";
}

/**
 * A count the environment variable `name` sets, `least` when unset; anything else than a whole
 * number of at least `least` stops the process with code 2 (read as a bench starts: before any work).
 */
export function countFromEnv(name: string, least: number, why = ""): number {
  const asked = process.env[name];
  if (asked === undefined || asked === "") return least;
  const count = Number(asked);
  if (!Number.isInteger(count) || count < least) {
    console.error(
      `${name} must be a whole number of at least ${least}${why}, got ${JSON.stringify(asked)}`,
    );
    process.exit(2);
  }
  return count;
}

export type Stats = { median: number; min: number; max: number };

/** Median (of the middle two for an even count), least and most; NaN for none. */
export function stats(values: number[]): Stats {
  const sorted = [...values].sort((left, right) => left - right);
  const middle = Math.floor(sorted.length / 2);
  const median =
    sorted.length % 2 === 1
      ? (sorted[middle] ?? Number.NaN)
      : ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2;
  return { median, min: sorted[0] ?? Number.NaN, max: sorted.at(-1) ?? Number.NaN };
}
