/** The German dictionary, an entry of its own so hosts load only the locales they use. */
export { de } from "../react/i18n/de";
