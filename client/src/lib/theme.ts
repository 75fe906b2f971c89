import { useCallback, useEffect, useState } from 'react';

/** What the reader chose with the nav's toggle; without a choice the system's setting is followed. */
export type ThemeChoice = 'light' | 'dark';
export type Theme = 'light' | 'dark';

export const THEME_KEY = 'theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';

export function storedTheme(): ThemeChoice | null {
  try {
    const value = localStorage.getItem(THEME_KEY);
    return value === 'light' || value === 'dark' ? value : null;
  } catch {
    return null;
  }
}

function systemTheme(): Theme {
  return typeof matchMedia === 'function' && matchMedia(DARK_QUERY).matches ? 'dark' : 'light';
}

/**
 * Puts a stored choice on <html data-theme> (tokens.css reads it); without one the attribute is
 * absent and the CSS follows prefers-color-scheme. main.tsx calls it before React renders.
 */
export function applyStoredTheme(): void {
  const choice = storedTheme();
  if (choice) document.documentElement.dataset.theme = choice;
  else delete document.documentElement.dataset.theme;
}

/** The theme in effect and a way to choose the other one (remembered in localStorage). */
export function useTheme(): { theme: Theme; choose: (theme: ThemeChoice) => void } {
  const [choice, setChoice] = useState<ThemeChoice | null>(storedTheme);
  const [system, setSystem] = useState<Theme>(systemTheme);

  useEffect(() => {
    if (typeof matchMedia !== 'function') return;
    const query = matchMedia(DARK_QUERY);
    const changed = () => setSystem(query.matches ? 'dark' : 'light');
    query.addEventListener('change', changed);
    return () => query.removeEventListener('change', changed);
  }, []);

  const choose = useCallback((theme: ThemeChoice) => {
    try {
      localStorage.setItem(THEME_KEY, theme);
    } catch {
      // private mode: the choice lasts for this page only
    }
    document.documentElement.dataset.theme = theme;
    setChoice(theme);
  }, []);

  return { theme: choice ?? system, choose };
}
