/** What the notification switch and the notifications themselves say. */
export type NotifyStrings = {
  locale: string;
  /** The switch's label. */
  switchLabel: string;
  /** The switch's state, said beside it. */
  stateOn: string;
  stateOff: string;
  stateBlocked: string;
  stateUnsupported: string;
  /** On, in a browser whose notifications have no buttons (Safari): a click opens the page. */
  stateOpenOnly: string;
  /** The text action, last: typed right in the notification where the system allows it. */
  otherAction: string;
  otherPlaceholder: string;
  /** Body of a prompt of several questions: the first, then how many follow. */
  moreQuestions: string;
  /** Title of a prompt with a link to open (the source gave no words of its own). */
  urlTitle: string;
  /** Said in the page when a notification was clicked after its question had ended. */
  staleClick: string;
  dismiss: string;
};

/** English, the default. */
export const enNotify: NotifyStrings = {
  locale: "en",
  switchLabel: "Notify me when the agent asks",
  stateOn: "On: answer from the notification while this page is in the background",
  stateOff: "Off",
  stateBlocked: "Blocked by the browser: allow notifications for this site in its settings",
  stateUnsupported: "This browser cannot show notifications",
  stateOpenOnly: "On: a click on the notification opens the question here",
  otherAction: "Other…",
  otherPlaceholder: "Type your answer",
  moreQuestions: "{question} (+{count} more)",
  urlTitle: "The agent asks you to open a link",
  staleClick:
    "That question had already ended when you answered it in the notification: nothing was sent.",
  dismiss: "Dismiss",
};

/** German. */
export const deNotify: NotifyStrings = {
  locale: "de",
  switchLabel: "Benachrichtigen, wenn der Agent fragt",
  stateOn: "An: antworte in der Benachrichtigung, solange diese Seite im Hintergrund ist",
  stateOff: "Aus",
  stateBlocked:
    "Vom Browser blockiert: erlaube Benachrichtigungen für diese Website in seinen Einstellungen",
  stateUnsupported: "Dieser Browser kann keine Benachrichtigungen zeigen",
  stateOpenOnly: "An: ein Klick auf die Benachrichtigung öffnet die Frage hier",
  otherAction: "Andere…",
  otherPlaceholder: "Deine Antwort",
  moreQuestions: "{question} (+{count} weitere)",
  urlTitle: "Der Agent bittet dich, einen Link zu öffnen",
  staleClick:
    "Diese Frage war schon beendet, als du in der Benachrichtigung geantwortet hast: nichts wurde gesendet.",
  dismiss: "Schließen",
};

/** Japanese. */
export const jaNotify: NotifyStrings = {
  locale: "ja",
  switchLabel: "エージェントが質問したら通知する",
  stateOn: "オン: このページがバックグラウンドの間は通知から回答できます",
  stateOff: "オフ",
  stateBlocked: "ブラウザーがブロックしています: サイトの設定で通知を許可してください",
  stateUnsupported: "このブラウザーは通知を表示できません",
  stateOpenOnly: "オン: 通知をクリックするとここで質問が開きます",
  otherAction: "その他…",
  otherPlaceholder: "回答を入力",
  moreQuestions: "{question}（ほか {count} 件）",
  urlTitle: "エージェントがリンクを開くよう求めています",
  staleClick: "通知で回答したとき、その質問はすでに終了していました: 何も送信されていません。",
  dismiss: "閉じる",
};

/** Arabic. */
export const arNotify: NotifyStrings = {
  locale: "ar",
  switchLabel: "أعلِمني عندما يسأل الوكيل",
  stateOn: "مُفعّل: أجب من الإشعار ما دامت هذه الصفحة في الخلفية",
  stateOff: "متوقف",
  stateBlocked: "حظره المتصفح: اسمح بالإشعارات لهذا الموقع في إعداداته",
  stateUnsupported: "لا يستطيع هذا المتصفح عرض الإشعارات",
  stateOpenOnly: "مُفعّل: النقر على الإشعار يفتح السؤال هنا",
  otherAction: "إجابة أخرى…",
  otherPlaceholder: "اكتب إجابتك",
  moreQuestions: "{question} (+{count} أخرى)",
  urlTitle: "يطلب منك الوكيل فتح رابط",
  staleClick: "كان ذلك السؤال قد انتهى عندما أجبت عنه في الإشعار: لم يُرسَل شيء.",
  dismiss: "إغلاق",
};

const BY_LOCALE: Record<string, NotifyStrings> = {
  en: enNotify,
  de: deNotify,
  ja: jaNotify,
  ar: arNotify,
};

/** The strings of `locale` (its language part), English for any other. */
export function notifyStringsFor(locale: string): NotifyStrings {
  return BY_LOCALE[locale.split("-")[0]?.toLowerCase() ?? ""] ?? enNotify;
}

/** Fills `{name}` placeholders. */
export function fillNotify(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => String(values[key] ?? whole));
}
