import { lanAddress, startPeer } from "../../conformance/peers";
import type { Flow } from "../harness";
import { expectThat, shows } from "../page-helpers";

const APPROVED_CONNECT_TIMEOUT_MS = 20_000;

/**
 * A gateway reached through the network address: the page shows the pairing request and its
 * approve command, and connects by itself once the request is approved on the gateway host.
 */
export const pairing: Flow = {
  name: "pairing",
  // A second real gateway is configured and started inside the flow: on a busy machine the flow
  // took over a minute, half the old limit.
  timeoutMs: 180_000,
  run: async ({ page, context, peer, demo, openPage, expectAccessible, screenshot, note }) => {
    const host = lanAddress();
    if (host === null) {
      note("skipped: this machine has no non-loopback address to dial");
      return;
    }
    const pageOrigin = new URL(demo.pageUrl).origin;
    const exposed = await startPeer(peer.kind, { exposed: true, allowedOrigins: [pageOrigin] });
    try {
      await openPage();
      await page.getByRole("button", { name: "Settings" }).click();
      await page.getByLabel("Gateway URL").fill(`ws://${host}:${exposed.port}`);
      await page.getByLabel("Token").fill(exposed.token);
      await page.getByRole("button", { name: "Save and reconnect" }).click();
      const alert = page.getByRole("alert").filter({ hasText: "waiting for pairing approval" });
      await shows(alert);
      await context.grantPermissions(["clipboard-read", "clipboard-write"], {
        origin: pageOrigin,
      });
      await alert.getByRole("button", { name: "Copy command" }).click();
      await shows(alert.getByRole("button", { name: "Copied" }));
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      const requestId = /^openclaw devices approve (\S+)$/.exec(copied)?.[1];
      if (requestId === undefined) throw new Error(`copied "${copied}", not an approve command`);
      expectThat(
        ((await alert.textContent()) ?? "").includes(copied),
        "the alert should show the command it copies",
      );
      await expectAccessible("waiting for pairing approval");
      await screenshot("pairing");
      await exposed.approvePairing(requestId);
      await page
        .getByText("Connected", { exact: true })
        .waitFor({ timeout: APPROVED_CONNECT_TIMEOUT_MS });
    } finally {
      // Leave the page first: a page still connected would retry the closed gateway, and the
      // browser logs each refused retry as a console error.
      await page.goto("about:blank");
      await exposed.close();
    }
  },
};
