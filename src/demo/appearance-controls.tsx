import { useEffect, useState } from "react";
import {
  type Appearance,
  applyTheme,
  LANGUAGES,
  type LanguageCode,
  loadAppearance,
  saveAppearance,
  type ThemeChoice,
} from "./appearance";

type AppearanceControlsProps = {
  appearance: Appearance;
  onChange(appearance: Appearance): void;
};

const THEMES: { value: ThemeChoice; label: string }[] = [
  { value: "system", label: "System" },
  { value: "light", label: "Light" },
  { value: "dark", label: "Dark" },
];

/** The appearance this browser chose last, applied to the page and saved as it changes. */
export function useAppearance(): [Appearance, (appearance: Appearance) => void] {
  const [appearance, setAppearance] = useState(loadAppearance);
  useEffect(() => {
    applyTheme(appearance.theme);
    saveAppearance(appearance);
  }, [appearance]);
  return [appearance, setAppearance];
}

/** The dock's language and the page's light or dark scheme. */
export function AppearanceControls({ appearance, onChange }: AppearanceControlsProps) {
  return (
    <div className="demo-appearance">
      <label className="demo-appearance__field">
        <span>Language</span>
        <select
          value={appearance.language}
          onChange={(event) =>
            onChange({ ...appearance, language: event.currentTarget.value as LanguageCode })
          }
        >
          {LANGUAGES.map((language) => (
            <option key={language.code} value={language.code} lang={language.code}>
              {language.name}
            </option>
          ))}
        </select>
      </label>
      <label className="demo-appearance__field">
        <span>Theme</span>
        <select
          value={appearance.theme}
          onChange={(event) =>
            onChange({ ...appearance, theme: event.currentTarget.value as ThemeChoice })
          }
        >
          {THEMES.map((theme) => (
            <option key={theme.value} value={theme.value}>
              {theme.label}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
