import { answerFor } from "../protocol/answer-for";
import { SECRET_MASK } from "../protocol/constants";
import type { QuestionAnswers, QuestionRecord } from "../protocol/types";
import { sameAnswers } from "./draft-values";

/** The answers with each secret question's value replaced by the mask: all that storage may hold. */
export function maskSecretAnswers(
  record: QuestionRecord,
  answers: QuestionAnswers,
): QuestionAnswers {
  const masked = Object.entries(answers.answers).map(([questionId, values]) => {
    const secret = record.questions.some(
      (question) => question.questionId === questionId && question.isSecret === true,
    );
    return [questionId, secret ? [SECRET_MASK] : values] as const;
  });
  return { answers: Object.fromEntries(masked) };
}

function isMask(values: readonly string[] | undefined): boolean {
  return values?.length === 1 && values[0] === SECRET_MASK;
}

/**
 * True when a secret value in these answers is the mask storage wrote in its place: the answers
 * came back from a reload without their secret, so they can be matched but never sent.
 */
export function hasMaskedSecret(record: QuestionRecord, answers: QuestionAnswers): boolean {
  return record.questions.some(
    (question) => question.isSecret === true && isMask(answerFor(answers, question.questionId)),
  );
}

/** True when `outcome` is the answer this client sent, even if storage masked the sent secrets. */
export function matchesSentAnswers(
  record: QuestionRecord,
  sent: QuestionAnswers,
  outcome: QuestionAnswers,
): boolean {
  if (sameAnswers(sent, outcome)) return true;
  return hasMaskedSecret(record, sent) && sameAnswers(sent, maskSecretAnswers(record, outcome));
}
