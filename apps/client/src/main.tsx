import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { createAppStore } from './app/store.ts';
import { AppRoutes } from './app/router.tsx';
import { homeRequested } from './features/home/homeSlice.ts';
import { whenIdle } from './components/whenIdle.ts';
import './styles/global.css';

const store = createAppStore();
// The page's Web Vitals, reported when it is hidden: the code comes once the page has settled.
void whenIdle()
  .then(() => import('./features/vitals/webVitals.ts'))
  .then((vitals) => vitals.reportWebVitals())
  .catch(() => {
    /* offline or a new deployment: this page goes unreported */
  });
// The home page's data is on its way while the page's code loads (the page asks again and joins it).
if (window.location.pathname === '/') store.dispatch(homeRequested());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Provider>
  </StrictMode>,
);
