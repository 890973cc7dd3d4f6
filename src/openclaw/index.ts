export type { ControlUiConnection, ControlUiHost } from "./control-ui-host";
export { createHostGatewayClient, type HostGatewayClientOptions } from "./host-client";
