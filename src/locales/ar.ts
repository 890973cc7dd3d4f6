/** The Arabic (right to left) dictionary, an entry of its own so hosts load only the locales they use. */
export { ar } from "../react/i18n/ar";
