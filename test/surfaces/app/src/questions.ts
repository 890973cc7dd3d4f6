// The questions every host's agent asks; plain data, also read by the run in Node.
export const deploy = {
  questionId: "deploy_target",
  header: "Target",
  question: "Where should I deploy this build?",
  options: [
    { label: "Staging (Recommended)", description: "Safe default; production stays untouched" },
    { label: "Production", description: "Live traffic" },
  ],
  isOther: true,
};

export const checks = {
  questionId: "checks",
  header: "Checks",
  question: "Which checks should run before deploying?",
  options: [
    { label: "Tests", description: "Unit and integration suites" },
    { label: "Lint" },
    { label: "Type check" },
  ],
  multiSelect: true,
  isOther: true,
};

export const notify = {
  questionId: "notify",
  header: "Notify",
  question: "Who should I tell when it is done?",
  options: [{ label: "Only me, by email" }, { label: "The whole team in chat" }],
  isOther: true,
};
