import { RouterProvider } from 'react-router-dom';
import { ToastHost } from '../shared-ui/toast/Toast.tsx';
import type { AppRouter } from './routes.tsx';

export function App({ router }: { router: AppRouter }) {
  return (
    <>
      <RouterProvider router={router} />
      <ToastHost />
    </>
  );
}
