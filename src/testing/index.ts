export {
  answeredThreeStepRecord,
  cancelledRecord,
  checksQuestion,
  deployTargetQuestion,
  expiredRecord,
  FIXTURE_AGENT_ID,
  FIXTURE_NOW_MS,
  FIXTURE_SESSION_KEY,
  freeTextRecord,
  linkRecord,
  longTextQuestion,
  longTextRecord,
  makeQuestionRecord,
  multiSelectRecord,
  notifyQuestion,
  releaseNameQuestion,
  reviewQuestion,
  secretQuestion,
  secretRecord,
  singleChoiceRecord,
  threeStepRecord,
} from "./fixtures";
export { createManualClock, type ManualClock } from "./manual-clock";
export type { MockAgentApi, MockAssistantPost, MockRunEnd } from "./mock-agent";
export type { MockChatMessage } from "./mock-chat";
export {
  createMockGateway,
  type MockGateway,
  MockGatewayError,
  type MockGatewayOptions,
} from "./mock-gateway";
export {
  createMockModelAgent,
  type MockModelAgentOptions,
  type ReplyRewrite,
} from "./mock-model-agent";
export type { MockAsyncDelivery, MockMessageMeta, MockSessionMessage } from "./mock-sessions";
export {
  type ModelScenario,
  type ReceivedToolResult,
  type ScriptedModel,
  startScriptedModel,
} from "./scripted-model";
export { createWsSocketFactory } from "./ws-socket-factory";
