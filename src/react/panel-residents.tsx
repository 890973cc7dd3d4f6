import { Announcer } from "./announcer";
import { NotifyNews } from "./notice/notify-news";
import { PanelWarmUp } from "./warm-up/panel-warm-up";

/**
 * What the panel keeps mounted beside the composer from the moment it loads: the live regions,
 * the rehearsal, and what a click on a question notification has to say (where the host offers
 * notifications).
 */
export function PanelResidents() {
  return (
    <>
      <Announcer />
      <PanelWarmUp />
      <NotifyNews />
    </>
  );
}
