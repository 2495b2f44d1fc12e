import '@companion/ui/base.css';
import '@companion/ui/symbols.css';
import './overlay.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { readConfig, runtimeApiUrl } from './config';

const config = readConfig(
  window.location.search,
  navigator.languages,
  runtimeApiUrl(document) ?? (import.meta.env.VITE_API_URL as string | undefined),
);
document.documentElement.lang = config.locale;

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App config={config} />
    </StrictMode>,
  );
}
