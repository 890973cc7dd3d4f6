import type { Flow } from "../harness";
import { agUiChat } from "./ag-ui-chat";
import { aiSdkChat } from "./ai-sdk-chat";
import { answerWithClick } from "./answer-with-click";
import { answeredElsewhere } from "./answered-elsewhere";
import { askCli } from "./ask-cli";
import { asyncAnswer } from "./async-answer";
import { asyncDismiss } from "./async-dismiss";
import { asyncElsewhere } from "./async-elsewhere";
import { asyncOffline } from "./async-offline";
import { asyncOtherSession } from "./async-other-session";
import { bidiControls } from "./bidi-controls";
import { channels } from "./channels";
import { collapseAndCompose } from "./collapse-and-compose";
import { expire } from "./expire";
import { gatewayRestart } from "./gateway-restart";
import { keyboardOnly } from "./keyboard-only";
import { mcpForms } from "./mcp-forms";
import { offlineSubmit } from "./offline-submit";
import { pairing } from "./pairing";
import { panelLoadFailure } from "./panel-load-failure";
import { phone } from "./phone";
import { reload } from "./reload";
import { shortScreen } from "./short-screen";
import { skip } from "./skip";
import { storageLoadFailure } from "./storage-load-failure";

/** Every end-to-end flow, in the order they run (the gateway restart last: it loses every question). */
export const FLOWS: Flow[] = [
  answerWithClick,
  keyboardOnly,
  collapseAndCompose,
  skip,
  channels,
  phone,
  shortScreen,
  bidiControls,
  answeredElsewhere,
  askCli,
  reload,
  offlineSubmit,
  asyncAnswer,
  asyncDismiss,
  asyncElsewhere,
  asyncOffline,
  asyncOtherSession,
  pairing,
  expire,
  aiSdkChat,
  mcpForms,
  agUiChat,
  panelLoadFailure,
  storageLoadFailure,
  gatewayRestart,
];
