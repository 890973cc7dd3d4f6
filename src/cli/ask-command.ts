/**
 * The `ask` command: `<file.json> [--gateway URL] [--session KEY] [--agent ID] [--run ID]`, with the
 * shared token in ASK_USER_KIT_TOKEN: asks an `ask_user` tool input on any protocol-4 gateway as a
 * back-end client and prints the outcome.
 */
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { createBackendGatewayClient } from "../gateway/backend-client";
import { describeConnectionFailure } from "../gateway/describe-failure";
import { GatewayDisconnectedError, GatewayRequestError } from "../gateway/errors";
import type { GatewayClientHandle } from "../gateway/gateway-client";
import { createQuestionApi } from "../gateway/question-api";
import { describeUrlForLog } from "../gateway/socket-support";
import type { QuestionApi } from "../gateway/types";
import { createWsSocketFactory } from "../gateway/ws-socket-factory";
import { toAskUserResult } from "../protocol/ask-user-result";
import { normalizeAskUserInput } from "../protocol/normalize-ask-user-input";
import type { QuestionRecord, WaitAnswerResult } from "../protocol/types";
import { parseCliArgs } from "./cli-args";
import type { CommandNames } from "./command-names";
import { readSharedToken, TOKEN_FLAG_USAGE, TOKEN_VARIABLE, tokenUsageLines } from "./shared-token";

const EXIT_USAGE = 2;
const EXIT_FAILURE = 1;
const EXIT_INTERRUPTED = 130;
const MS_PER_SECOND = 1_000;
const WAIT_SLICE_MS = 25_000;
const ID_BYTES = 16;

function fail(message: string, code = EXIT_FAILURE): never {
  console.error(message);
  process.exit(code);
}

function waitConnected(handle: GatewayClientHandle): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = (): boolean => {
      const state = handle.getState();
      if (state.status === "connected") resolve();
      else if (state.status === "failed") {
        const description = describeConnectionFailure(state.failure);
        reject(new Error(`${description.title} ${description.action}`));
      } else return false;
      return true;
    };
    if (check()) return;
    const unsubscribe = handle.subscribe((event) => {
      if (event.type === "state" && check()) unsubscribe();
    });
  });
}

function printOutcome(record: QuestionRecord): void {
  console.log(
    `\nOutcome: ${record.status}${record.resolvedBy ? ` (by ${record.resolvedBy})` : ""}`,
  );
  if (record.status === "answered" && record.answers !== undefined) {
    for (const question of record.questions) {
      const answer = record.answers.answers[question.questionId] ?? [];
      console.log(`  ${question.header}: ${answer.join(", ")}`);
    }
  }
  console.log("\nResult for the agent:");
  console.log(toAskUserResult(record).text);
}

async function waitForOutcome(
  client: GatewayClientHandle,
  questions: QuestionApi,
  id: string,
  expiresAtMs: number,
): Promise<WaitAnswerResult> {
  for (;;) {
    try {
      const remaining = Math.max(MS_PER_SECOND, expiresAtMs - Date.now() + MS_PER_SECOND);
      const result = await questions.waitAnswer(id, {
        timeoutMs: Math.min(WAIT_SLICE_MS, remaining),
      });
      if (result.status !== "pending") return result;
    } catch (error) {
      if (!(error instanceof GatewayDisconnectedError)) throw error;
      console.log("Connection lost; waiting for the gateway to come back...");
      await waitConnected(client);
    }
  }
}

/** Asks the question file named in command-line `args`, prints the outcome and exits. */
export async function runAskCommand(args: string[], names: CommandNames): Promise<never> {
  const usage = [
    `usage: ${names.ask} <file.json> [--gateway URL] [--session KEY] [--agent ID] [--run ID]`,
    ...tokenUsageLines("The gateway's shared token is"),
    TOKEN_FLAG_USAGE,
    "  The URL comes from --gateway or ASK_USER_GATEWAY_URL, e.g.",
    `    ${names.ask} ${names.exampleFile} --gateway ws://127.0.0.1:18789`,
  ].join("\n");

  const { values, positionals } = parseCliArgs(
    {
      allowPositionals: true,
      options: {
        gateway: { type: "string" },
        token: { type: "string" },
        session: { type: "string" },
        agent: { type: "string" },
        run: { type: "string" },
      },
    },
    usage,
    args,
  );

  const file = positionals[0];
  if (file === undefined) fail(usage, EXIT_USAGE);
  const url = values.gateway ?? process.env.ASK_USER_GATEWAY_URL;
  const token = readSharedToken(values.token);
  if (url === undefined || token === undefined || url === "") {
    fail(
      `No gateway given: set ${TOKEN_VARIABLE} to the gateway's shared token and pass --gateway ws://HOST:PORT (or set ASK_USER_GATEWAY_URL).\n` +
        `Start a local mock gateway with: ${names.gateway}`,
      EXIT_USAGE,
    );
  }

  let input: unknown;
  try {
    input = JSON.parse(await readFile(file, "utf8"));
  } catch (error) {
    fail(
      `Cannot read ${file} as JSON: ${error instanceof Error ? error.message : String(error)}`,
      EXIT_USAGE,
    );
  }
  const normalized = normalizeAskUserInput(input);
  if (!normalized.ok) {
    console.error(`${file} is not a valid ask_user input:`);
    for (const issue of normalized.errors) console.error(`  ${issue.path}: ${issue.message}`);
    process.exit(EXIT_USAGE);
  }
  for (const warning of normalized.warnings)
    console.warn(`note: ${warning.path}: ${warning.message}`);

  const client = createBackendGatewayClient({
    url,
    token,
    socketFactory: createWsSocketFactory(),
    displayName: "ask-user-kit ask",
  });
  const api = createQuestionApi(client);

  client.connect();
  try {
    await waitConnected(client);
  } catch (error) {
    client.close();
    fail(
      `Cannot connect to ${describeUrlForLog(url)}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }

  const id = `ask_${randomBytes(ID_BYTES).toString("hex")}`;
  let settled = false;
  process.on("SIGINT", () => {
    if (settled) process.exit(EXIT_INTERRUPTED);
    settled = true;
    console.log("\nInterrupted: cancelling the question.");
    api
      .cancel(id)
      .catch(() => undefined)
      .finally(() => {
        client.close();
        process.exit(EXIT_INTERRUPTED);
      });
  });

  try {
    const { questions, timeoutSeconds } = normalized.value;
    const created = await api.request({
      id,
      questions,
      timeoutMs: timeoutSeconds * MS_PER_SECOND,
      ...(values.agent === undefined ? {} : { agentId: values.agent }),
      ...(values.session === undefined ? {} : { sessionKey: values.session }),
      ...(values.run === undefined ? {} : { runId: values.run }),
    });
    const pending = await api.get(created.id);
    console.log(`Asked ${created.id} on ${describeUrlForLog(url)}`);
    console.log(
      `Status: ${pending.status}, expires ${new Date(created.expiresAtMs).toISOString()} (in ${timeoutSeconds} s)`,
    );
    for (const question of pending.questions) {
      const options = question.options.map((option) => option.label).join(" | ");
      console.log(`  [${question.header}] ${question.question}${options ? `  (${options})` : ""}`);
    }
    console.log("Waiting for an answer (Ctrl+C cancels the question)...");
    const result = await waitForOutcome(client, api, created.id, created.expiresAtMs);
    settled = true;
    let record: QuestionRecord;
    try {
      record = await api.get(created.id);
    } catch {
      record = {
        ...pending,
        status: result.status === "pending" ? "expired" : result.status,
        ...("answers" in result ? { answers: result.answers } : {}),
      };
    }
    printOutcome(record);
    client.close();
    process.exit(0);
  } catch (error) {
    client.close();
    if (error instanceof GatewayRequestError) {
      fail(
        `The gateway refused ${error.method}: ${error.code}${error.reason ? ` (${error.reason})` : ""}: ${error.message}`,
      );
    }
    fail(`ask failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
