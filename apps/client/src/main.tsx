import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { createAppStore } from './app/store.ts';
import { AppRoutes } from './app/router.tsx';
import { homeRequested } from './features/home/homeSlice.ts';
import './styles/global.css';

const store = createAppStore();
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
