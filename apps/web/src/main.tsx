import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { initI18n } from './app/i18n';
import { AppErrorBoundary } from './app/layout/load-failure';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import './app/global.css';
import { PreferencesProvider, readPreferenceCookies } from './shared/lib/preferences';

const initial = readPreferenceCookies();
// The texts every page needs start loading first, so that the first page's route, made next, can ask for its
// own beside them (`preloadTexts`).
const texts = initI18n(initial.language);
const router = createAppRouter();
await texts;

const root = document.getElementById('root');
if (!root) throw new Error('missing #root');
createRoot(root).render(
  <StrictMode>
    <AppErrorBoundary language={initial.language}>
      <PreferencesProvider initial={initial}>
        <AppProviders goHome={() => void router.navigate('/')} goToLogin={() => void router.navigate('/login')}>
          <RouterProvider router={router} />
        </AppProviders>
      </PreferencesProvider>
    </AppErrorBoundary>
  </StrictMode>,
);
