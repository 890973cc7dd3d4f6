import { Announcer } from "../announcer";
import { PanelWarmUp } from "./panel-warm-up";

/** What the panel keeps mounted beside the composer from the moment it loads. */
export function PanelAnnouncer() {
  return (
    <>
      <Announcer />
      <PanelWarmUp />
    </>
  );
}
