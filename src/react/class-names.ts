/** Joins class names, skipping empty ones (the host's `className` is merged, never replaced). */
export function classNames(...names: Array<string | undefined | null | false>): string {
  return names.filter(Boolean).join(" ");
}
