import { stripRecommended } from "../../protocol/recommended";
import type { QuestionOption } from "../../protocol/types";
import { AgentText } from "../agent-text";
import { isYesNo, shownValue } from "../field-text";
import { useDictionary } from "../i18n/use-dictionary";
import { useCurrentQuestion } from "../prompt-context";

/** Ids the option control points to with aria-labelledby / aria-describedby. */
export type OptionIds = { labelId: string; badgeId: string; descriptionId: string };

/** Ids for the option at `position` under `baseId`. */
export function optionIds(baseId: string, position: number): OptionIds {
  return {
    labelId: `${baseId}-${position}-label`,
    badgeId: `${baseId}-${position}-badge`,
    descriptionId: `${baseId}-${position}-description`,
  };
}

/** The inside of an option row: indicator, label, "Recommended" badge, description, digit. */
export function OptionContent({
  option,
  position,
  ids,
}: {
  option: QuestionOption;
  position: number;
  ids: OptionIds;
}) {
  const dictionary = useDictionary();
  const { question } = useCurrentQuestion();
  const { text: label, isRecommended } = stripRecommended(option.label);
  const text = shownValue(label, isYesNo(question), dictionary);
  return (
    <>
      <span className="ask-option__indicator" aria-hidden="true" />
      <span className="ask-option__body">
        <span className="ask-option__label">
          <AgentText id={ids.labelId} text={text} />
          {isRecommended ? (
            <span id={ids.badgeId} className="ask-badge">
              {dictionary.recommended}
            </span>
          ) : null}
        </span>
        {option.description !== undefined ? (
          <span id={ids.descriptionId} className="ask-option__description">
            <AgentText text={option.description} />
          </span>
        ) : null}
      </span>
      <span className="ask-option__digit" aria-hidden="true">
        {position + 1}
      </span>
    </>
  );
}

/** aria-labelledby / aria-describedby of an option control. */
export function optionAria(option: QuestionOption, ids: OptionIds) {
  const { isRecommended } = stripRecommended(option.label);
  return {
    "aria-labelledby": isRecommended ? `${ids.labelId} ${ids.badgeId}` : ids.labelId,
    ...(option.description !== undefined ? { "aria-describedby": ids.descriptionId } : {}),
  };
}
