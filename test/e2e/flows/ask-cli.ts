import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { Flow } from "../harness";
import { dock, expectThat, hides, shows } from "../page-helpers";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const CLI_TIMEOUT_MS = 60_000;
// The question appears only once the script has compiled, started and connected, which takes
// several seconds on a busy machine: far longer than a page round trip.
const CLI_QUESTION_TIMEOUT_MS = 45_000;

/** `npm run ask` asks in the page's session; the page answers; the script prints the outcome. */
export const askCli: Flow = {
  name: "ask-cli",
  run: async ({ page, openPage, peer, sessionKey }) => {
    await openPage();
    const child = spawn(
      process.execPath,
      [
        "--import",
        "tsx",
        "scripts/ask.ts",
        "scripts/examples/deploy.json",
        "--session",
        sessionKey,
      ],
      {
        cwd: ROOT,
        // The token travels by environment, never on a command line.
        env: { ...process.env, ASK_USER_GATEWAY_URL: peer.url, ASK_USER_KIT_TOKEN: peer.token },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
    const timer = setTimeout(() => child.kill("SIGINT"), CLI_TIMEOUT_MS);
    try {
      // A script that exits without asking (a usage error, a refused connect) fails the flow
      // at once, with what it printed, instead of after the whole wait.
      const failure = await Promise.race([
        shows(
          dock(page).getByText("Where should build 1.4.2 be deployed?"),
          CLI_QUESTION_TIMEOUT_MS,
        ).then(
          () => null,
          (error: unknown) => (error instanceof Error ? error.message : String(error)),
        ),
        exited.then((code) => `npm run ask exited with ${code} before its question showed`),
      ]);
      expectThat(failure === null, `${failure}\nnpm run ask printed:\n${output}`);
      await dock(page)
        .getByRole("radio", { name: /Nowhere yet/ })
        .click();
      await dock(page).getByRole("button", { name: "Submit" }).click();
      await hides(dock(page));
      const code = await exited;
      expectThat(code === 0, `npm run ask exited with ${code}:\n${output}`);
      expectThat(/Outcome: answered/.test(output), `npm run ask printed no answer:\n${output}`);
      expectThat(
        /Deploy: Nowhere yet/.test(output),
        `npm run ask printed the wrong answer:\n${output}`,
      );
    } finally {
      clearTimeout(timer);
      if (child.exitCode === null) child.kill("SIGINT");
    }
  },
};
