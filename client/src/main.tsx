import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { applyStoredTheme } from './lib/theme';
import './styles/tokens.css';
import './styles/base.css';
import './styles/forms.css';
import './styles/buttons.css';

// A theme chosen with the nav's toggle, before the first render (the CSP allows no inline script).
applyStoredTheme();

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
