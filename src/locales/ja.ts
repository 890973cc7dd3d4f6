/** The Japanese dictionary, an entry of its own so hosts load only the locales they use. */
export { ja } from "../react/i18n/ja";
