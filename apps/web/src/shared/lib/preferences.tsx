import {
  CURRENCY_COOKIE_DAYS,
  type Currency,
  LANGUAGE_COOKIE_DAYS,
  type Language,
  PREFERENCE_COOKIES,
  type Preferences,
  parsePreferences,
} from '@junction/domain';
import Cookies from 'js-cookie';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';

/** Reads the preference cookies now (spec §2: on each navigation). */
export function readPreferenceCookies(): Preferences {
  return parsePreferences({
    language: Cookies.get(PREFERENCE_COOKIES.language),
    currency: Cookies.get(PREFERENCE_COOKIES.currency),
    showOriginalCurrency: Cookies.get(PREFERENCE_COOKIES.showOriginalCurrency),
  });
}

const COOKIE_OPTIONS = { path: '/', sameSite: 'lax' } as const;

export type PreferencesContextValue = Preferences & {
  setLanguage: (language: Language) => void;
  setCurrency: (currency: Currency) => void;
  setShowOriginalCurrency: (show: boolean) => void;
  /** Re-reads the cookies; called on every navigation so another tab's change is picked up. */
  sync: () => void;
};

const PreferencesContext = createContext<PreferencesContextValue | null>(null);

export type PreferencesProviderProps = { initial: Preferences; children: ReactNode };

export function PreferencesProvider({ initial, children }: PreferencesProviderProps) {
  const [prefs, setPrefs] = useState<Preferences>(initial);

  const setLanguage = useCallback((language: Language) => {
    Cookies.set(PREFERENCE_COOKIES.language, language, { ...COOKIE_OPTIONS, expires: LANGUAGE_COOKIE_DAYS });
    setPrefs((p) => ({ ...p, language }));
  }, []);
  const setCurrency = useCallback((currency: Currency) => {
    Cookies.set(PREFERENCE_COOKIES.currency, currency, { ...COOKIE_OPTIONS, expires: CURRENCY_COOKIE_DAYS });
    setPrefs((p) => ({ ...p, currency }));
  }, []);
  const setShowOriginalCurrency = useCallback((show: boolean) => {
    Cookies.set(PREFERENCE_COOKIES.showOriginalCurrency, show ? '1' : '0', {
      ...COOKIE_OPTIONS,
      expires: CURRENCY_COOKIE_DAYS,
    });
    setPrefs((p) => ({ ...p, showOriginalCurrency: show }));
  }, []);
  const sync = useCallback(() => {
    const next = readPreferenceCookies();
    setPrefs((p) =>
      p.language === next.language &&
      p.currency === next.currency &&
      p.showOriginalCurrency === next.showOriginalCurrency
        ? p
        : next,
    );
  }, []);

  const value = useMemo(
    () => ({ ...prefs, setLanguage, setCurrency, setShowOriginalCurrency, sync }),
    [prefs, setLanguage, setCurrency, setShowOriginalCurrency, sync],
  );
  return <PreferencesContext.Provider value={value}>{children}</PreferencesContext.Provider>;
}

export function usePreferences(): PreferencesContextValue {
  const value = useContext(PreferencesContext);
  if (!value) throw new Error('usePreferences outside PreferencesProvider');
  return value;
}
