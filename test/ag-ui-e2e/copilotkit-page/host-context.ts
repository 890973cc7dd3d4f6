/** What the host tells the agent through CopilotKit; a run made elsewhere would not carry it. */
export const HOST_CONTEXT = { description: "The page the user is on", value: "deployments" };
