// The words of `describeStreamError` in the dock's other languages; English is
// `DEFAULT_STREAM_ERROR_WORDS`. Each is its own export, so a host bundles only the one it passes.
import type { StreamErrorWords } from "./stream-error";

export const STREAM_ERROR_WORDS_DE: StreamErrorWords = {
  unreachable:
    "Der Server des Agenten ist nicht erreichbar, daher kann dieses Gespräch weder geladen noch fortgesetzt werden. Prüfen Sie, ob der Server läuft, und laden Sie die Seite dann neu.",
  notFound:
    "Dieses Gespräch gibt es auf dem Server des Agenten nicht (vielleicht wurde es gelöscht).",
  failed: "Der Agent wurde mit einem Fehler beendet: {reason}",
};

export const STREAM_ERROR_WORDS_JA: StreamErrorWords = {
  unreachable:
    "エージェントのサーバーに接続できないため、この会話を読み込むことも続けることもできません。サーバーが動いているか確認してから、ページを再読み込みしてください。",
  notFound: "この会話はエージェントのサーバーにありません（削除された可能性があります）。",
  failed: "エージェントがエラーで停止しました: {reason}",
};

export const STREAM_ERROR_WORDS_AR: StreamErrorWords = {
  unreachable:
    "تعذّر الوصول إلى خادم الوكيل، لذا لا يمكن تحميل هذه المحادثة أو متابعتها. تحقّق من أن الخادم يعمل، ثم أعد تحميل الصفحة.",
  notFound: "هذه المحادثة غير موجودة على خادم الوكيل (ربما حُذفت).",
  failed: "توقّف الوكيل بخطأ: {reason}",
};
