// The words of a review prompt in the dock's other languages (`reviewWords` of
// `useAskUserStream`); English is `DEFAULT_REVIEW_WORDS`. Each is its own export, so a host
// bundles only the one it passes.
import type { ReviewWords } from "./review-prompt";

export const REVIEW_WORDS_DE: ReviewWords = {
  approve: "Genehmigen",
  reject: "Ablehnen",
  approveHint: "{name} wie gezeigt ausführen.",
  approveEditableHint: "{name} mit den Argumenten aus den nächsten Schritten ausführen.",
  rejectHint: "Nicht ausführen. Oder stattdessen einen Grund eingeben: Der Agent erfährt ihn.",
  messageOne: "Der Agent möchte ein Werkzeug aufrufen. Prüfen Sie den Aufruf, bevor er läuft.",
  message: "Der Agent möchte {count} Werkzeuge aufrufen. Prüfen Sie jeden Aufruf, bevor er läuft.",
  notRun: "Nicht ausgeführt: Der Agent hat ohne diesen Aufruf weitergemacht.",
  resultPending:
    "Noch nicht bekannt, ob er ausgeführt wurde: Das Ergebnis des Werkzeugs steht aus.",
};

export const REVIEW_WORDS_JA: ReviewWords = {
  approve: "承認",
  reject: "却下",
  approveHint: "{name} を表示どおりに実行します。",
  approveEditableHint: "{name} を次のステップで設定した引数で実行します。",
  rejectHint: "実行しません。代わりに理由を入力すると、エージェントに伝わります。",
  messageOne: "エージェントがツールを1件呼び出そうとしています。実行前に確認してください。",
  message:
    "エージェントがツールを{count}件呼び出そうとしています。それぞれ実行前に確認してください。",
  notRun: "実行されませんでした。エージェントはこの呼び出しなしで続行しました。",
  resultPending: "実行されたかはまだ分かりません。ツールの結果を待っています。",
};

export const REVIEW_WORDS_AR: ReviewWords = {
  approve: "موافقة",
  reject: "رفض",
  approveHint: "تشغيل {name} كما هو معروض.",
  approveEditableHint: "تشغيل {name} بالوسائط المحددة في الخطوات التالية.",
  rejectHint: "لا تشغّله. أو اكتب سببًا بدلًا من ذلك: سيُبلَّغ الوكيل به.",
  messageOne: "يريد الوكيل تشغيل استدعاء أداة واحد. راجعه قبل تشغيله.",
  message: "يريد الوكيل تشغيل {count} من استدعاءات الأدوات. راجع كلًّا منها قبل تشغيله.",
  notRun: "لم يُشغَّل: تابع الوكيل دون هذا الاستدعاء.",
  resultPending: "لا يُعرف بعد إن كان قد شُغِّل: بانتظار نتيجة الأداة.",
};
